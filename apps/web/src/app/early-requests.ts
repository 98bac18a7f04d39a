import { earlyListKey, listQueryOf } from '../features/customer/lib/list-query.ts';
import { earlySearchKey, filtersFromQuery, filtersToPayload } from '../features/order-center/lib/filters.ts';
import { api } from '../lib/api-client.ts';
import { startEarly } from '../lib/early.ts';

/**
 * A signed-in member's first request of the project hall or the customer's list starts from the
 * entry script, beside the session check, instead of after the page's code has arrived and run
 * (docs/web.md § Page speed). Silent: the page reads the answer (lib/early, taken once within 10 s)
 * and reports its errors itself; a member the guard sends elsewhere never sees it.
 */
export function startPageRequests(pathname: string, search: string): void {
  const params = new URLSearchParams(search);
  if (pathname === '/orderCenter') {
    const filters = filtersFromQuery(params);
    startEarly(earlySearchKey(filters), () =>
      api.post('Projectcenter/searchList', filtersToPayload(filters), { skipErrorHandler: true }),
    );
  } else if (pathname === '/customer/projects') {
    const q = listQueryOf(params);
    startEarly(earlyListKey(q), () => api.post('Customer/projectList', q, { skipErrorHandler: true }));
  }
}
