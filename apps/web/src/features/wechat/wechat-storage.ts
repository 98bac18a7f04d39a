import { STORAGE_PREFIX } from '@zl/shared';

/**
 * The bind ticket (after wxLogin) and the set-password ticket (after a new member's bind) live in
 * sessionStorage only, never in a URL: they die with the tab and stay out of history and logs.
 */
function slot<T extends { expiresAt: number }>(name: string, valid: (v: Partial<T>) => boolean) {
  const key = `${STORAGE_PREFIX}${name}`;
  return {
    save(value: T) {
      try {
        window.sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // storage disabled: the next page sends the member back to start again
      }
    },
    read(now = Date.now()): T | null {
      try {
        const raw = window.sessionStorage.getItem(key);
        if (!raw) return null;
        const v = JSON.parse(raw) as Partial<T>;
        return valid(v) && typeof v.expiresAt === 'number' && v.expiresAt > now ? (v as T) : null;
      } catch {
        return null;
      }
    },
    clear() {
      try {
        window.sessionStorage.removeItem(key);
      } catch {
        // ignore
      }
    },
  };
}

export interface BindTicket {
  ticket: string;
  nickname: string;
  expiresAt: number;
}
export const bindTicket = slot<BindTicket>(
  'wxbind',
  (v) => typeof v.ticket === 'string' && typeof v.nickname === 'string',
);

export interface SetPasswordTicket {
  token: string;
  mobile: string;
  cardno: string;
  expiresAt: number;
}
export const setPasswordTicket = slot<SetPasswordTicket>(
  'wxsetpwd',
  (v) => typeof v.token === 'string' && typeof v.mobile === 'string' && typeof v.cardno === 'string',
);
