import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';
import type { Project } from './types.ts';

export function projectInfoQuery(id: number) {
  return queryOptions({
    queryKey: customerKeys.project(id),
    queryFn: ({ signal }) => api.post<Project>('Customer/projectInfo', { id }, { signal }),
    enabled: id > 0,
  });
}
