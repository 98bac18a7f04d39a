import { EMPTY_TRACK_RECORD, type TrackRecord } from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { trackRecordRows } from './track-record.repo.ts';

/**
 * The track records of these suppliers (docs/delivery-complaint.md "Track record"), by member id;
 * every id asked has an entry (a supplier without history gets zeros and no rate).
 */
export async function trackRecords(db: DbOrTx, supplierIds: number[]): Promise<Map<number, TrackRecord>> {
  const ids = [...new Set(supplierIds)];
  const { done, upheld } = await trackRecordRows(db, ids);
  const out = new Map<number, TrackRecord>(ids.map((id) => [id, { ...EMPTY_TRACK_RECORD }]));
  for (const r of done) {
    const t = out.get(Number(r.supplierId));
    if (!t) continue;
    t.completed = Number(r.completed);
    t.readyCounted = Number(r.byReady);
    t.onTimeRate = t.completed > 0 ? Math.round((Number(r.onTime) / t.completed) * 1000) / 1000 : null;
  }
  for (const r of upheld) {
    const t = out.get(Number(r.supplierId));
    if (t) t.complaintsUpheld = Number(r.n);
  }
  return out;
}

export async function trackRecordOf(db: DbOrTx, supplierId: number): Promise<TrackRecord> {
  return (await trackRecords(db, [supplierId])).get(supplierId) ?? { ...EMPTY_TRACK_RECORD };
}
