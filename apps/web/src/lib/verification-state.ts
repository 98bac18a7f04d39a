import type { UserInfo } from '@zl/shared';

/**
 * Where a supplier stands with verification (docs/product.md § Verification status: codes on `personauth` / `businsauth`:
 * 3 not submitted · 0 pending · 1 approved · 2 rejected). Either approved one lets him quote.
 */
export type Verification = 'verified' | 'pending' | 'rejected' | 'none';

export function verificationOf(u: Pick<UserInfo, 'personauth' | 'businsauth'>): Verification {
  const both = [u.personauth, u.businsauth];
  if (both.includes(1)) return 'verified';
  if (both.includes(0)) return 'pending';
  if (both.includes(2)) return 'rejected';
  return 'none';
}

export const VERIFY_PAGE = '/personCenter/security_person';

export interface VerifyPrompt {
  type: 'info' | 'warning';
  title: string;
  link: { to: string; text: string };
}

/** The home page's prompt: none for a verified supplier, the next step for everyone else. */
export function verifyPrompt(v: Verification): VerifyPrompt | null {
  switch (v) {
    case 'verified':
      return null;
    case 'pending':
      return {
        type: 'info',
        title: '认证资料审核中，通常 1 个工作日内完成，通过后即可在项目大厅报价。',
        link: { to: VERIFY_PAGE, text: '查看进度' },
      };
    case 'rejected':
      return {
        type: 'warning',
        title: '认证未通过审核，请按原因修改资料后重新提交，通过后即可报价。',
        link: { to: VERIFY_PAGE, text: '去修改' },
      };
    default:
      return {
        type: 'info',
        title: '完成实名认证或企业认证后，即可在项目大厅报价。',
        link: { to: VERIFY_PAGE, text: '去认证' },
      };
  }
}
