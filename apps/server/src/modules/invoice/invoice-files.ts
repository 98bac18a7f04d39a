import type { PrivateFileReader } from '../file/file-access.ts';
import { isInvoiceFileOf } from './invoice.repo.ts';

/** An issued invoice's file is read by the invoice's customer and supplier (docs/invoices.md § Files). */
export const invoiceFileReader: PrivateFileReader = {
  purposes: ['invoice'],
  mayRead: (db, memberId, fileId) => isInvoiceFileOf(db, fileId, memberId),
};
