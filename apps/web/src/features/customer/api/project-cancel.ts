import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectCancelInput, ProjectDetail } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../lib/query-keys.ts';

export function projectCancel(body: ProjectCancelInput) {
  return api.post<ProjectDetail>('Customer/projectCancel', body, { skipErrorHandler: true });
}

export function useProjectCancel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: projectCancel,
    meta: { skipErrorHandler: true },
    onSettled: (_d, _e, vars) => {
      void qc.invalidateQueries({ queryKey: customerKeys.lists() });
      void qc.invalidateQueries({ queryKey: customerKeys.project(vars.id) });
    },
  });
}
