import { z } from 'zod';

/** A yes/no variable: true/1, false/0; unset or empty: undefined (the slice picks the default). */
export const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/** An origin-like URL without its trailing slashes. */
export function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}
