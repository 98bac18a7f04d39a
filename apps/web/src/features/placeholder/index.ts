/** What other features may use of placeholder (docs/web.md): the page of a capability still to come. */
export { default as WaitingPage } from './pages/waiting-page.tsx';
