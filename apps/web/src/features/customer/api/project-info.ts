import { queryOptions } from '@tanstack/react-query';
import type { CustomerProjectInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../lib/query-keys.ts';

export function projectInfoQuery(id: number) {
  return queryOptions({
    queryKey: customerKeys.project(id),
    queryFn: ({ signal }) => api.post<CustomerProjectInfo>('Customer/projectInfo', { id }, { signal }),
    enabled: id > 0,
  });
}
