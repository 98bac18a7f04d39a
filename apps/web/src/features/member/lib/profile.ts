import type { UserInfo } from '@zl/shared';

/** The basic-profile fields counted by 资料完整度, with their 基本资料 labels. */
const PROFILE_FIELDS: Array<[string, (u: UserInfo) => boolean]> = [
  ['头像', (u) => Boolean(u.userlogo)],
  ['昵称', (u) => Boolean(u.nickname)],
  ['公司', (u) => Boolean(u.company)],
  ['职位', (u) => Boolean(u.myjob)],
  ['出生日期', (u) => Boolean(u.birth)],
  ['性别', (u) => u.sex === 1 || u.sex === 2],
  ['QQ', (u) => Boolean(u.qqnum)],
  ['邮箱', (u) => Boolean(u.email)],
  ['所在地区', (u) => Boolean(u.prov)],
  ['详细地址', (u) => Boolean(u.addr)],
  ['个人简介', (u) => Boolean(u.descr)],
];

export function profileCompleteness(u: UserInfo): { percent: number; missing: string[] } {
  const missing = PROFILE_FIELDS.filter(([, has]) => !has(u)).map(([label]) => label);
  const percent = Math.round(((PROFILE_FIELDS.length - missing.length) / PROFILE_FIELDS.length) * 100);
  return { percent, missing };
}

/** userInfo.userlogo is the file URL; Member/updateBaseInfo wants the file id. */
export function avatarIdOf(url: string): string {
  return /\/files\/([A-Za-z0-9_-]{22})(?:\/thumb)?$/.exec(url)?.[1] ?? '';
}
