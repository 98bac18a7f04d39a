import type { SearchListResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import type { SearchPayload } from '../lib/filters.ts';

/** POST Projectcenter/searchList (docs/seed-map.md § Calls): data.listItem fills the project list. */
export function searchList(body: SearchPayload, signal?: AbortSignal): Promise<SearchListResult> {
  return api.post<SearchListResult>('Projectcenter/searchList', body, { signal });
}
