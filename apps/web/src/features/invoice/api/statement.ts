import { API_PREFIX } from '@zl/shared';

/** GET Invoice/statement: the supplier's commission statement (佣金月结单, PDF) of a month 'YYYY-MM'. */
export function statementHref(month: string): string {
  return `${API_PREFIX}/Invoice/statement?${new URLSearchParams({ month }).toString()}`;
}
