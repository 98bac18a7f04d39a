import type { PrivateFileReader } from '../file/file-access.ts';
import { isEvidenceForParty } from './complaint.repo.ts';

/** A complaint's evidence, of any purpose, is read by both of its parties (docs/delivery-complaint.md). */
export const complaintEvidenceReader: PrivateFileReader = {
  purposes: null,
  mayRead: isEvidenceForParty,
};
