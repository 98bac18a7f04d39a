/** What other features may use of works (docs/works.md): the public showcase sections of /show. */
export { ShowDesigns, ShowServices } from './components/show-works.tsx';
