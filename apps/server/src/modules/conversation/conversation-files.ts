import type { PrivateFileReader } from '../file/file-access.ts';
import { isMessageFileOf } from './conversation.repo.ts';

/** A file sent in a thread is read by the thread's two parties (docs/conversation.md "Files"). */
export const messageFileReader: PrivateFileReader = {
  purposes: ['attachment'],
  mayRead: (db, memberId, fileId) => isMessageFileOf(db, fileId, memberId),
};
