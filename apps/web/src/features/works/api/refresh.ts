/** After a design or a service changes: the works and userInfo (its myworks counts the designs) are read again. */
import { useQueryClient } from '@tanstack/react-query';
import { memberKeys } from '../../../lib/query-keys.ts';
import { worksKeys } from './keys.ts';

export function useRefreshWorks() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: worksKeys.all });
    // myworks counts the designs
    void qc.invalidateQueries({ queryKey: memberKeys.userInfo() });
  };
}
