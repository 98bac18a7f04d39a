import { useState } from 'react';

/**
 * One form's submissions, named for the server's `Idempotency-Key` (docs/adr/0010-idempotency-keys.md):
 * sending the same body again before the server has answered — a retry after a dropped connection,
 * a second click that got through — reuses the key, so the server runs it once and answers it again;
 * once the server has answered (success or refusal), or the body changed, the next send is a new
 * submission with a new key. The API client (lib/api-client.ts, option `submission`) asks it.
 */
export class Submission {
  private last: { body: string; key: string } | null = null;

  /** The key to send `body` with. */
  keyFor(body: unknown): string {
    const text = JSON.stringify(body ?? {});
    if (this.last?.body !== text) this.last = { body: text, key: newKey() };
    return this.last.key;
  }

  /** The server answered: whatever comes next is a new submission. */
  answered(): void {
    this.last = null;
  }
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a plain-http LAN address still has getRandomValues
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** A Submission that lives as long as the component (one form). */
export function useSubmission(): Submission {
  const [s] = useState(() => new Submission());
  return s;
}
