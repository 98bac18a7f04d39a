import type { SearchListResult } from '@zl/shared';
import { api, type RequestOptions } from '../../../lib/api-client.ts';
import type { SearchPayload } from '../lib/filters.ts';

/** POST Projectcenter/searchList (docs/seed-map.md § Calls): data.listItem fills the project list. */
export function searchList(
  body: SearchPayload,
  opts: Pick<RequestOptions, 'signal' | 'inline'> = {},
): Promise<SearchListResult> {
  return api.post<SearchListResult>('Projectcenter/searchList', body, opts);
}
