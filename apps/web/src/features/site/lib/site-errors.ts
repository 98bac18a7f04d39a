import { isBizError } from '../../../lib/biz-error.ts';

/** A refused step, placed where the member is looking. */
export interface PlacedSiteError {
  /** index into the photos sent → its message (`photos.<i>`: 「请现场拍摄照片后上传」) */
  photoAt: Map<number, string>;
  /** about the photos as a whole (`photos`), or the first of the photos' own messages */
  photos: string | null;
  note: string | null;
  /** anything else the server said about a field (the location) */
  other: string | null;
}

/**
 * The `data.fields` of a refusal ({'photos.0': …, note: …}), whatever its code: VALIDATION_FAILED,
 * and FILE_NOT_FOUND for a photo that was not taken now. Null when the answer names no field.
 */
export function placeSiteError(err: unknown): PlacedSiteError | null {
  if (!isBizError(err)) return null;
  const fields = (err.data as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return null;
  const placed: PlacedSiteError = { photoAt: new Map(), photos: null, note: null, other: null };
  let any = false;
  for (const [name, message] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof message !== 'string') continue;
    any = true;
    const photo = /^photos\.(\d+)$/.exec(name);
    if (photo) {
      placed.photoAt.set(Number(photo[1]), message);
      placed.photos ??= message;
    } else if (name === 'photos') placed.photos = message;
    else if (name === 'note') placed.note = message;
    else placed.other ??= message;
  }
  return any ? placed : null;
}
