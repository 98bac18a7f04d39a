/** What other features may use of 现场 (docs/site.md): the on-site timeline of a project. */
export { SitePanel } from './components/site-panel.tsx';
