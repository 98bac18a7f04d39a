import { describe, expect, it } from 'vitest';
import { verificationOf, verifyPrompt } from './verification-state.ts';

describe('the home page verification prompt', () => {
  it('a verified supplier (personal or business) is not asked to verify', () => {
    expect(verificationOf({ personauth: 1, businsauth: 3 })).toBe('verified');
    expect(verificationOf({ personauth: 2, businsauth: 1 })).toBe('verified');
    expect(verifyPrompt('verified')).toBeNull();
  });

  it('an unverified supplier is asked, with the way to verify', () => {
    expect(verificationOf({ personauth: 3, businsauth: 3 })).toBe('none');
    expect(verifyPrompt('none')).toMatchObject({
      title: '完成实名认证或企业认证后，即可在项目大厅报价。',
      link: { to: '/personCenter/security_person', text: '去认证' },
    });
  });

  it('a pending review is told it is under review, not to verify', () => {
    expect(verificationOf({ personauth: 0, businsauth: 3 })).toBe('pending');
    expect(verificationOf({ personauth: 2, businsauth: 0 })).toBe('pending');
    const p = verifyPrompt('pending');
    expect(p?.title).toContain('审核中');
    expect(p?.link.text).toBe('查看进度');
  });

  it('a rejected one is told to correct and resubmit', () => {
    expect(verificationOf({ personauth: 2, businsauth: 3 })).toBe('rejected');
    expect(verifyPrompt('rejected')?.link.text).toBe('去修改');
  });
});
