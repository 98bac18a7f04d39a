import type { ProjectInfo as ProjectDetail } from '@zl/shared';
import { useUserInfo } from '../../../lib/user-info.ts';
import { verificationOf } from '../../../lib/verification-state.ts';
import { type Stance, supplierStance } from './supplier-stance.ts';

/**
 * The stance of the signed-in supplier on a loaded project (Projectcenter/getInfo), with his
 * verification from Member/userInfo telling a pending review apart. Null until the project loads.
 */
export function useSupplierStance(p: ProjectDetail | undefined, now: number): Stance | null {
  const { data: info } = useUserInfo();
  if (!p) return null;
  return supplierStance({ ...p, verification: info ? verificationOf(info) : undefined }, now);
}
