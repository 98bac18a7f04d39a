import { PROJECT_STATUS } from '@zl/shared';

/** The status filter's value for every status (below every status code). */
export const ALL = -1;
export const LIST_PAGE_SIZE = 10;

/** The customer's list call (Customer/projectList) for the page's query string. */
export function listQueryOf(params: URLSearchParams) {
  const status = Number(params.get('status') ?? ALL);
  const page = Math.max(1, Number(params.get('page')) || 1);
  return { page, pageSize: LIST_PAGE_SIZE, ...(status >= PROJECT_STATUS.PENDING_REVIEW ? { status } : {}) };
}

/** lib/early's key of a list call started by the entry script (app/early-requests.ts). */
export function earlyListKey(q: ReturnType<typeof listQueryOf>): string {
  return `Customer/projectList?${JSON.stringify(q)}`;
}
