import type { GetCodeInput, GetCodeResult, SmsOutboxResult, SmsPurpose } from '@zl/shared';
import { api } from '../../lib/api-client.ts';

export function getCode(mobile: string, type: SmsPurpose) {
  return api.post<GetCodeResult>('User/getCode', { mobile, type } satisfies GetCodeInput, {
    skipErrorHandler: true,
  });
}

/**
 * Development servers expose the SMS outbox so a demo can be followed without a phone.
 * Production servers answer UNKNOWN_CALL; then nothing is shown.
 */
export async function latestDevCode(mobile: string, purpose: SmsPurpose): Promise<string | null> {
  try {
    const data = await api.get<SmsOutboxResult>('Dev/smsOutbox', { mobile }, { skipErrorHandler: true });
    return data.items.find((i) => i.mobile === mobile && i.purpose === purpose)?.code ?? null;
  } catch {
    return null;
  }
}
