import type { UserInfo } from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { avatarIdOf, profileCompleteness } from './profile.ts';

describe('profile completeness', () => {
  const empty = {
    userlogo: '',
    nickname: '',
    company: '',
    myjob: '',
    birth: '',
    sex: 0,
    qqnum: '',
    email: '',
    prov: '',
    addr: '',
    descr: '',
  } as unknown as UserInfo;

  it('counts the basic fields and lists what is missing', () => {
    expect(profileCompleteness(empty)).toEqual({
      percent: 0,
      missing: expect.arrayContaining(['头像', '性别']),
    });
    const half = {
      ...empty,
      nickname: 'A',
      company: 'B',
      sex: 2,
      email: 'a@b.cn',
      prov: '福建省',
    } as UserInfo;
    const r = profileCompleteness(half);
    expect(r.percent).toBe(45);
    expect(r.missing).not.toContain('性别');
    expect(r.missing).toContain('头像');
  });

  it('reads the avatar file id out of its URL', () => {
    expect(avatarIdOf('/files/AAAAAAAAAAAAAAAAAAAAAA')).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(avatarIdOf('')).toBe('');
    expect(avatarIdOf('https://example.com/x.png')).toBe('');
  });
});
