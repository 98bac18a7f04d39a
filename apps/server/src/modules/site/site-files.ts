import type { PrivateFileReader } from '../file/file-access.ts';
import { isSitePhotoOf } from './site.repo.ts';

/** A site photo is read by the project's customer and its winner (docs/site.md). */
export const sitePhotoReader: PrivateFileReader = {
  purposes: ['report'],
  mayRead: (db, memberId, fileId) => isSitePhotoOf(db, fileId, memberId),
};
