import { earlyListKey, listQueryOf } from '../features/customer/lib/list-query.ts';
import { earlySearchKey, filtersFromQuery, filtersToPayload } from '../features/order-center/lib/filters.ts';
import { startEarlyCall } from '../lib/early.ts';
import { CUSTOMER_HOME } from './path-aliases.ts';

/**
 * A signed-in member's first request of the project hall or the customer's list, started by
 * src/boot.ts beside the session check instead of after the page's code has arrived and run
 * (docs/web.md § Page speed). Silent: the page reads the answer (`api.takeEarly`, once, within
 * 10 s) and reports its errors itself; a member the guard sends elsewhere never sees it. Only pure
 * modules here: boot.ts runs before React and the API client have arrived.
 */
export function startPageRequests(pathname: string, search: string): void {
  const params = new URLSearchParams(search);
  if (pathname === '/orderCenter') {
    const filters = filtersFromQuery(params);
    startEarlyCall(earlySearchKey(filters), 'POST', 'Projectcenter/searchList', filtersToPayload(filters));
  } else if (pathname === CUSTOMER_HOME) {
    const q = listQueryOf(params);
    startEarlyCall(earlyListKey(q), 'POST', 'Customer/projectList', q);
  }
}
