import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';
import type { Project } from './types.ts';

export function projectCancel(body: { id: number; reason?: string }) {
  return api.post<Project>('Customer/projectCancel', body, { skipErrorHandler: true });
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
