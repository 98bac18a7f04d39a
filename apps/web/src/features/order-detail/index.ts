/** What other features may use of order-detail (docs/web.md): the project query keys and the quote state tag. */
export { idFromQuery, projectKeys } from './api/get-info.ts';
export { QuoteStateTag, STATUS_COLOR } from './components/detail-sections.tsx';
