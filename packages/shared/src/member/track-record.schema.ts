import { z } from 'zod';

/**
 * A supplier's track record, derived from its history (docs/delivery-complaint.md "Track record"):
 * shown beside the supplier wherever a card shows one.
 */
export const trackRecordSchema = z.object({
  /** won projects accepted (status 6) */
  completed: z.number(),
  /**
   * share (0–1) of completed projects on time — 展台就绪 before 开展 for projects built since the
   * site's 就绪 came, the first completion report before 开展 for older ones; null with none completed
   */
  onTimeRate: z.number().nullable(),
  /** of `completed`, how many were judged by 展台就绪 (the rest by their report) */
  readyCounted: z.number(),
  /** complaints against the supplier ruled with a split */
  complaintsUpheld: z.number(),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

export const EMPTY_TRACK_RECORD: TrackRecord = {
  completed: 0,
  onTimeRate: null,
  readyCounted: 0,
  complaintsUpheld: 0,
};
