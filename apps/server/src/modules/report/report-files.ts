import type { PrivateFileReader } from '../file/file-access.ts';
import { isReportFileOf } from './report.repo.ts';

/** A report's photos and files are read by the project's customer and its winner (docs/delivery-report.md "Files"). */
export const reportFileReader: PrivateFileReader = {
  purposes: ['report'],
  mayRead: (db, memberId, fileId) => isReportFileOf(db, fileId, memberId),
};
