/** What other features may use of 报馆 (docs/filing.md): the venue filing of a project. */
export { FilingPanel } from './components/filing-panel.tsx';
