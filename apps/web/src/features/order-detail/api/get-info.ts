import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from '../../../lib/query-keys.ts';

/** POST Projectcenter/getInfo (docs/seed-map.md § Calls): the detail, its orbits and what the caller may do. */
export function getInfo(id: number, signal?: AbortSignal): Promise<ProjectInfo> {
  return api.post<ProjectInfo>('Projectcenter/getInfo', { id }, { signal });
}

export function projectInfoQuery(id: number) {
  return queryOptions({
    queryKey: projectKeys.info(id),
    queryFn: ({ signal }) => getInfo(id, signal),
    enabled: id > 0,
    staleTime: 15_000,
  });
}

export function useProjectInfo(id: number) {
  return useQuery(projectInfoQuery(id));
}

/** ?id= as a positive integer, else 0 (the page then says the project was not found). */
export function idFromQuery(params: URLSearchParams): number {
  const n = Number(params.get('id'));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}
