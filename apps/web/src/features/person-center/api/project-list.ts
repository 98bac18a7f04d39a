import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FactoryPrjctListResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from '../../../lib/query-keys.ts';

export const MY_PROJECTS_PAGE_SIZE = 10;

/** POST Projectcenter/factoryPrjctList: the projects I quoted on, by quote state ('' = all), a page. */
export function myProjectsQuery(state: string, page: number) {
  return queryOptions({
    queryKey: projectKeys.mine(state || 'all', page),
    queryFn: ({ signal }) =>
      api.post<FactoryPrjctListResult>(
        'Projectcenter/factoryPrjctList',
        { ...(state ? { state } : {}), page, pageSize: MY_PROJECTS_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
