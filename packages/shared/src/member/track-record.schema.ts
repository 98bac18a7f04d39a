import { z } from 'zod';

/**
 * A supplier's track record, derived from its history (docs/delivery-complaint.md "Track record"):
 * shown beside the supplier wherever a card shows one.
 */
export const trackRecordSchema = z.object({
  /** won projects accepted (status 6) */
  completed: z.number(),
  /** share (0–1) of completed projects whose first report came before 开展; null with none completed */
  onTimeRate: z.number().nullable(),
  /** complaints against the supplier ruled with a split */
  complaintsUpheld: z.number(),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

export const EMPTY_TRACK_RECORD: TrackRecord = { completed: 0, onTimeRate: null, complaintsUpheld: 0 };
