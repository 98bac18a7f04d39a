import type { PrivateFileReader } from '../file/file-access.ts';
import { isChangePhotoOf } from './change.repo.ts';

/** A change order's site photos are read by the project's customer and its winner (docs/change-orders.md). */
export const changePhotoReader: PrivateFileReader = {
  purposes: ['report'],
  mayRead: (db, memberId, fileId) => isChangePhotoOf(db, fileId, memberId),
};
