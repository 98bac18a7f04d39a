import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteToggleResult } from '@zl/shared';
import { api } from './api-client.ts';
import { favoriteKeys, projectKeys } from './query-keys.ts';

/** POST Myfavorite/bPrjctFvr: toggles; the answer says where it ended up. */
export function toggleFavorite(id: number): Promise<FavoriteToggleResult> {
  return api.post<FavoriteToggleResult>('Myfavorite/bPrjctFvr', { id });
}

/**
 * After a toggle, anything that shows the flag (favourites, a cached detail) refetches. The hall,
 * 我的收藏, 首页 and the order detail toggle with it.
 */
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

let hallList: ((id: number, favorite: boolean) => void) | null = null;

/**
 * The hall's list (features/order-center/lib/order-center-store.ts) is a store, kept when the
 * supplier leaves the hall and shown again on the way back, not a query the toggle can refetch. A
 * toggle on 我的收藏 or the order detail hands the new flag here (`useToggleFavorite(setHallFavorite)`)
 * and the list, which registers on load, takes it; before the hall has loaded there is no list.
 */
export function setHallFavorite(id: number, favorite: boolean): void {
  hallList?.(id, favorite);
}

/** The hall's list registers here (once, when its store loads). */
export function onHallFavorite(listener: (id: number, favorite: boolean) => void): void {
  hallList = listener;
}
