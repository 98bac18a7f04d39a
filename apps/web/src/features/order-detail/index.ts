/** What other features may use of order-detail (docs/web.md): the supplier's project detail and what he may do with it. */
export { idFromQuery, useProjectInfo } from './api/get-info.ts';
export type { Stance } from './lib/supplier-stance.ts';
export { useSupplierStance } from './lib/use-supplier-stance.ts';
