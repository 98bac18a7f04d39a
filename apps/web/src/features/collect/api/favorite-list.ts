import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FavoriteListResult, PagedListInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { favoriteKeys } from '../../../lib/query-keys.ts';

export const FAVORITE_PAGE_SIZE = 20;

/** POST Myfavorite/bPrjctList, page by page (newest saved first). */
export function favoriteListQuery() {
  return infiniteQueryOptions({
    queryKey: favoriteKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.post<FavoriteListResult>(
        'Myfavorite/bPrjctList',
        { page: pageParam, pageSize: FAVORITE_PAGE_SIZE } satisfies PagedListInput,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + (p.listItem?.length ?? 0), 0);
      return loaded < (last.total ?? 0) && (last.listItem?.length ?? 0) > 0 ? pages.length + 1 : undefined;
    },
  });
}

export function useFavoriteList() {
  return useInfiniteQuery(favoriteListQuery());
}
