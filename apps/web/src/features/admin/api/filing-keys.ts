import { adminKeys } from './keys.ts';

/** Query keys of the console's 报馆进度 (Admin/filingList), under the console's `admin`. */
export const adminFilingKeys = {
  all: () => [...adminKeys.all, 'filingList'] as const,
  list: (q: object) => [...adminFilingKeys.all(), q] as const,
};
