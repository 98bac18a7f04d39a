import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteToggleResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { favoriteKeys, projectKeys } from '../../../lib/query-keys.ts';

/** POST Myfavorite/bPrjctFvr: toggles; the answer says where it ended up. */
export function toggleFavorite(id: number): Promise<FavoriteToggleResult> {
  return api.post<FavoriteToggleResult>('Myfavorite/bPrjctFvr', { id });
}

/** After a toggle, anything that shows the flag (favourites, a cached detail) refetches. */
export function useToggleFavorite(onDone?: (id: number, favorite: boolean) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: (data, id) => {
      onDone?.(id, data.favorite);
      void qc.invalidateQueries({ queryKey: favoriteKeys.all });
      void qc.invalidateQueries({ queryKey: projectKeys.info(id) });
    },
  });
}
