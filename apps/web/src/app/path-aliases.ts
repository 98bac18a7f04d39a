/**
 * `/customer` is the customer's project list, `/customer/projects` (docs/web.md § Page speed). One
 * rule, applied in two places: src/boot.ts rewrites a first load of `/customer` before the router
 * starts (so the list's code loads with the layout), and the customer route's index redirects the
 * app's own links. A pure module: boot.ts runs before React has arrived.
 */
export const CUSTOMER_HOME = '/customer/projects';

/** The path a page address stands for, when it is an alias; otherwise null. */
export function aliasOf(pathname: string): string | null {
  return /^\/customer\/?$/.test(pathname) ? CUSTOMER_HOME : null;
}
