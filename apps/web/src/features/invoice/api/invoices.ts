/** Invoices (发票; docs/invoices.md): Invoice/list, request, upload, reject. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Invoice,
  InvoiceList,
  InvoiceListInput,
  InvoiceRejectInput,
  InvoiceRequestInput,
  InvoiceUploadInput,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { invoiceKeys } from './keys.ts';

export const INVOICE_PAGE_SIZE = 10;

/** One project's invoices (either party); to its customer also what may still be invoiced. */
export function projectInvoicesQuery(projectId: number) {
  return queryOptions({
    queryKey: invoiceKeys.project(projectId),
    // a side panel: when it cannot load (a stranger's NOT_FOUND), the panel stays away and the
    // page it sits on is unharmed (no shared error handling, which would go to the not-found page)
    queryFn: ({ signal }) =>
      api.post<InvoiceList>(
        'Invoice/list',
        { id: projectId, page: 1, pageSize: 50 } satisfies InvoiceListInput,
        { signal, skipErrorHandler: true },
      ),
    meta: { skipErrorHandler: true },
    retry: false,
  });
}

export function useProjectInvoices(projectId: number) {
  return useQuery(projectInvoicesQuery(projectId));
}

/** All of the caller's invoices, newest first (收支明细 → 发票); the section shows a failure itself. */
export function myInvoicesQuery(page: number, pageSize = INVOICE_PAGE_SIZE) {
  return queryOptions({
    queryKey: invoiceKeys.mine(page, pageSize),
    queryFn: ({ signal }) =>
      api.post<InvoiceList>('Invoice/list', { page, pageSize } satisfies InvoiceListInput, {
        signal,
        skipErrorHandler: true,
      }),
    meta: { skipErrorHandler: true },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMyInvoices(page: number, pageSize = INVOICE_PAGE_SIZE) {
  return useQuery(myInvoicesQuery(page, pageSize));
}

type Path = 'Invoice/request' | 'Invoice/upload' | 'Invoice/reject';
type Body<P extends Path> = P extends 'Invoice/request'
  ? InvoiceRequestInput
  : P extends 'Invoice/upload'
    ? InvoiceUploadInput
    : InvoiceRejectInput;

/** One of the three submissions; each carries its Idempotency-Key, the form shows the refusal. */
function useInvoiceSubmit<P extends Path>(path: P) {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: Body<P>) => api.post<Invoice>(path, body, { skipErrorHandler: true, submission }),
    meta: { skipErrorHandler: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** 申请发票 (the project's customer). */
export const useRequestInvoice = () => useInvoiceSubmit('Invoice/request');
/** 上传发票 (the winning supplier). */
export const useUploadInvoice = () => useInvoiceSubmit('Invoice/upload');
/** 拒绝开票 (the winning supplier). */
export const useRejectInvoice = () => useInvoiceSubmit('Invoice/reject');
