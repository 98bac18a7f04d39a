import type { PrivateFileReader } from '../file/file-access.ts';
import { isFilingFileOf } from './filing.repo.ts';

/** A filing's insurance policy and the venue's documents are read by the project's two parties (docs/filing.md). */
export const filingFileReader: PrivateFileReader = {
  purposes: ['attachment'],
  mayRead: (db, memberId, fileId) => isFilingFileOf(db, fileId, memberId),
};
