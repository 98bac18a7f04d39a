/** What other features may use of order-detail (docs/web.md): the project query keys and the quote state tag. */
export { idFromQuery, useProjectInfo } from './api/get-info.ts';
export { Orbits, QuoteStateTag, STATUS_COLOR } from './components/detail-sections.tsx';
export type { Stance } from './lib/supplier-stance.ts';
export { useSupplierStance } from './lib/use-supplier-stance.ts';
