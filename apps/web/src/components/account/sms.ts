import type { SmsPurpose } from '@zl/shared';
import { api } from '../../lib/api-client.ts';

export interface GetCodeResult {
  resendIn: number;
  expiresIn: number;
}

export function getCode(mobile: string, type: SmsPurpose) {
  return api.post<GetCodeResult>('User/getCode', { mobile, type }, { skipErrorHandler: true });
}

export interface OutboxItem {
  mobile: string;
  code: string;
  purpose: string;
  created: string;
}

/**
 * Development servers expose the SMS outbox so a demo can be followed without a phone.
 * Production servers answer UNKNOWN_CALL; then nothing is shown.
 */
export async function latestDevCode(mobile: string, purpose: SmsPurpose): Promise<string | null> {
  try {
    const data = await api.get<{ items: OutboxItem[] }>(
      'Dev/smsOutbox',
      { mobile },
      { skipErrorHandler: true },
    );
    return data.items.find((i) => i.mobile === mobile && i.purpose === purpose)?.code ?? null;
  } catch {
    return null;
  }
}
