/**
 * What other features may use of order-center (docs/web.md): favourites and the list store (a
 * detail's favourite toggle updates the list).
 */
export { useToggleFavorite } from './api/favorite.ts';
export { appendUnique, useOrderCenter } from './lib/order-center-store.ts';
