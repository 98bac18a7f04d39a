import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractReviewInput, ContractState, ContractUploadInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys, projectKeys } from '../../../lib/query-keys.ts';

/** GET link of the drafted contract (docs/delivery-contract.md "Contract PDF"): a download. */
export function contractPdfUrl(id: number): string {
  return `/api/Projectcenter/contractPdf?id=${id}`;
}

/** After a contract step every project view (supplier detail, customer page, lists) is stale. */
function useRefreshAll() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: projectKeys.all });
    void qc.invalidateQueries({ queryKey: customerKeys.all });
  };
}

export function useUploadContract() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: ContractUploadInput) =>
      api.post<ContractState>('Projectcenter/fUpdateContract', body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSettled: refresh,
  });
}

export function useReviewContract() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: ContractReviewInput) =>
      api.post<ContractState>('Customer/contractReview', body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSettled: refresh,
  });
}

/** `contract` of the detail is the seed's JSON-encoded list of file ids. */
export function contractFiles(contract: string): string[] {
  try {
    const v: unknown = JSON.parse(contract);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
