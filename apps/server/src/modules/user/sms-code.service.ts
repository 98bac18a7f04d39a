import type { SmsPurpose } from '@zl/shared';
import type { Db } from '../../db/client.ts';
import { safeEqualHex, sha256, sixDigitCode } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import * as repo from './sms.repo.ts';
import type { SmsSender } from './sms-sender.ts';

/** SMS rules: docs/product.md § Accounts and identity. */
export const SMS_RULES = {
  validSeconds: 5 * 60,
  resendSeconds: 60,
  perMobilePerHour: 5,
  /** 5 an hour alone would let 120 codes a day reach one phone (docs/members.md § Login limits). */
  perMobilePerDay: 10,
  perIpPerHour: 20,
  maxWrongTries: 5,
} as const;

function codeHash(mobile: string, purpose: SmsPurpose, code: string): string {
  return sha256(`${mobile}:${purpose}:${code}`);
}

/** Issues a code and sends it, under the resend interval and the hourly caps. */
export async function issueCode(
  db: Db,
  sms: SmsSender,
  input: { mobile: string; purpose: SmsPurpose; ip: string },
): Promise<{ resendIn: number; expiresIn: number }> {
  const code = sixDigitCode();
  const id = await db.transaction(async (tx) => {
    // Serialises sends per mobile, then per client address (always in this order: no deadlock), so
    // concurrent requests cannot both pass the interval check or the hourly caps.
    await repo.lockMobileForSms(tx, input.mobile);
    await repo.lockAddressForSms(tx, input.ip);
    const s = await repo.mobileSendStats(tx, input.mobile);
    const sinceLast = s.since_last === null ? null : Number(s.since_last);
    if (sinceLast !== null && sinceLast < SMS_RULES.resendSeconds) {
      const retryAfter = Math.ceil(SMS_RULES.resendSeconds - sinceLast);
      throw new AppError('SMS_TOO_FREQUENT', {
        message: `验证码发送过于频繁，请 ${retryAfter} 秒后再试`,
        data: { retryAfter },
      });
    }
    if (Number(s.mobile_hour) >= SMS_RULES.perMobilePerHour) {
      const retryAfter = Math.max(1, Math.ceil(3600 - Number(s.oldest_hour ?? 0)));
      throw new AppError('SMS_TOO_FREQUENT', {
        message: `该手机号 1 小时内最多获取 ${SMS_RULES.perMobilePerHour} 次验证码，请 ${Math.ceil(retryAfter / 60)} 分钟后再试`,
        data: { retryAfter },
      });
    }
    if (Number(s.mobile_day) >= SMS_RULES.perMobilePerDay) {
      const retryAfter = Math.max(1, Math.ceil(86400 - Number(s.oldest_day ?? 0)));
      throw new AppError('SMS_TOO_FREQUENT', {
        message: `该手机号 24 小时内最多获取 ${SMS_RULES.perMobilePerDay} 次验证码，请 ${Math.ceil(retryAfter / 3600)} 小时后再试`,
        data: { retryAfter },
      });
    }
    if ((await repo.ipSendsLastHour(tx, input.ip)) >= SMS_RULES.perIpPerHour) {
      throw new AppError('RATE_LIMITED', {
        message: '当前网络获取验证码过于频繁，请 1 小时后再试',
        data: { retryAfter: 3600 },
      });
    }
    return repo.insertSmsCode(tx, {
      mobile: input.mobile,
      purpose: input.purpose,
      codeHash: codeHash(input.mobile, input.purpose, code),
      ip: input.ip,
      validSeconds: SMS_RULES.validSeconds,
    });
  });
  try {
    await sms.send({ mobile: input.mobile, code, purpose: input.purpose });
  } catch (err) {
    await repo.deleteSmsCode(db, id);
    // The provider's own error (hosts, keys, quotas) is logged, never sent to the client.
    throw new AppError('SMS_SEND_FAILED', { cause: err });
  }
  return { resendIn: SMS_RULES.resendSeconds, expiresIn: SMS_RULES.validSeconds };
}

const noCode = () => fieldError('SMS_CODE_INVALID', 'code', '请先获取验证码（每个验证码只能使用一次）');

/**
 * Checks and consumes the latest code for (mobile, purpose). Only the latest code counts; a used,
 * expired or five-times-wrong code is dead. Each statement commits on its own, so a wrong try
 * is counted even though the caller's request fails.
 */
export async function consumeCode(
  db: Db,
  input: { mobile: string; purpose: SmsPurpose; code: string },
): Promise<void> {
  const row = await repo.latestSmsCode(db, input.mobile, input.purpose);
  // A used code answers as no code at all: a used regist or reset code would tell that the mobile
  // became or is a member (docs/members.md § Who learns that a mobile is registered).
  if (!row || row.consumed) throw noCode();
  if (row.expired) throw fieldError('SMS_CODE_EXPIRED', 'code', '验证码已过期，请重新获取');
  // Every try is counted atomically before the comparison, so parallel guesses cannot exceed the cap.
  const tried = await repo.countSmsCodeTry(db, row.id, SMS_RULES.maxWrongTries);
  if (!tried) throw fieldError('SMS_CODE_EXPIRED', 'code', '验证码错误次数过多，请重新获取');
  if (!safeEqualHex(row.codeHash, codeHash(input.mobile, input.purpose, input.code))) {
    const left = SMS_RULES.maxWrongTries - tried.attempts;
    throw left > 0
      ? fieldError('SMS_CODE_INVALID', 'code', `验证码不正确，还可尝试 ${left} 次`)
      : fieldError('SMS_CODE_EXPIRED', 'code', '验证码错误次数过多，请重新获取');
  }
  if (!(await repo.markSmsCodeUsed(db, row.id))) throw noCode();
}
