import { STORAGE_PREFIX } from '@zl/shared';

/**
 * The only keys the web app keeps in localStorage (docs/seed-map.md § Browser storage, docs/product.md § Accounts and identity).
 * `name` is the mobile number, kept only when 记住我 was ticked. There is deliberately no
 * password key: auto-login uses the server's httpOnly remember cookie instead.
 * `businsauth` / `ispaycode` are display hints saved after a successful Member/userInfo (docs/seed-map.md § Browser storage).
 */
export const STORAGE_KEYS = ['cardno', 'loginState', 'name', 'businsauth', 'ispaycode'] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

function fullKey(key: StorageKey): string {
  // Runtime check as well as the type: a caller casting its way to 'pwd' must still fail.
  if (!(STORAGE_KEYS as readonly string[]).includes(key)) {
    throw new Error(`storage: key "${String(key)}" is not allowed`);
  }
  return `${STORAGE_PREFIX}${key}`;
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // private mode / disabled storage
  }
}

export function readItem(key: StorageKey): string | null {
  return safeStorage()?.getItem(fullKey(key)) ?? null;
}

export function writeItem(key: StorageKey, value: string): void {
  const k = fullKey(key);
  try {
    safeStorage()?.setItem(k, value);
  } catch {
    // quota or disabled storage: the server session still works, only the hint is lost
  }
}

export function removeItem(key: StorageKey): void {
  safeStorage()?.removeItem(fullKey(key));
}

export const storage = {
  getCardno: () => readItem('cardno'),
  getLoginState: () => readItem('loginState') === 'true',
  getName: () => readItem('name'),
  /** After a successful login: the member number and loginState 'true'. */
  saveLogin(cardno: string) {
    writeItem('cardno', cardno);
    writeItem('loginState', 'true');
  },
  saveName(mobile: string) {
    writeItem('name', mobile);
  },
  removeName() {
    removeItem('name');
  },
  /** Session ended on the server (NOT_LOGGED_IN): keep `name` so the guard may auto-login. */
  clearSession() {
    removeItem('cardno');
    removeItem('loginState');
  },
  /** Explicit logout: forget everything, including the remembered mobile and the form drafts. */
  clearAll() {
    for (const key of STORAGE_KEYS) removeItem(key);
    drafts.clearAll();
  },
};

/**
 * Unsent forms (lib/form-draft.ts, docs/web.md § Drafts of long forms): one key per member and
 * form, `<prefix>draft.<cardno>.<form>`, holding `{at, values}` as JSON. Dropped after a
 * successful submit, by 清空草稿, and all of them at logout.
 */
const DRAFT_PREFIX = `${STORAGE_PREFIX}draft.`;
export interface StoredDraft {
  /** when it was last written (ISO) */
  at: string;
  values: unknown;
}

export const drafts = {
  key: (cardno: string, form: string) => `${DRAFT_PREFIX}${cardno}.${form}`,
  read(key: string): StoredDraft | null {
    try {
      const raw = safeStorage()?.getItem(key);
      if (!raw) return null;
      const d = JSON.parse(raw) as Partial<StoredDraft>;
      return typeof d.at === 'string' && d.values && typeof d.values === 'object' ? (d as StoredDraft) : null;
    } catch {
      return null;
    }
  },
  write(key: string, values: unknown): void {
    try {
      safeStorage()?.setItem(key, JSON.stringify({ at: new Date().toISOString(), values }));
    } catch {
      // quota or disabled storage: the form still works, only the draft is not kept
    }
  },
  remove(key: string): void {
    safeStorage()?.removeItem(key);
  },
  clearAll(): void {
    const store = safeStorage();
    if (!store) return;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k?.startsWith(DRAFT_PREFIX)) keys.push(k);
    }
    for (const k of keys) store.removeItem(k);
  },
};

/** Reset-password token lives in sessionStorage only: it dies with the tab. */
const RESET_KEY = `${STORAGE_PREFIX}reset`;
export interface ResetTicket {
  mobile: string;
  token: string;
  expiresAt: number;
}

export const resetTicket = {
  save(ticket: ResetTicket) {
    try {
      window.sessionStorage.setItem(RESET_KEY, JSON.stringify(ticket));
    } catch {
      // ignore: setpwd will send the user back to verify again
    }
  },
  read(now = Date.now()): ResetTicket | null {
    try {
      const raw = window.sessionStorage.getItem(RESET_KEY);
      if (!raw) return null;
      const t = JSON.parse(raw) as Partial<ResetTicket>;
      if (typeof t.mobile !== 'string' || typeof t.token !== 'string' || typeof t.expiresAt !== 'number') {
        return null;
      }
      return t.expiresAt > now ? (t as ResetTicket) : null;
    } catch {
      return null;
    }
  },
  clear() {
    try {
      window.sessionStorage.removeItem(RESET_KEY);
    } catch {
      // ignore
    }
  },
};
