import { api } from '../../../lib/api-client.ts';
import type { SearchPayload } from '../lib/filters.ts';
import type { ProjectSummary } from './types.ts';

export interface SearchListData {
  listItem: ProjectSummary[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
}

/** POST Projectcenter/searchList (docs/seed-map.md § Calls): data.listItem fills the project list. */
export function searchList(body: SearchPayload, signal?: AbortSignal): Promise<SearchListData> {
  return api.post<SearchListData>('Projectcenter/searchList', body, { signal });
}
