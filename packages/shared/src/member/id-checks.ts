/**
 * GB 11643-1999: the 18th character of a resident ID number is a check character computed
 * (ISO 7064 MOD 11-2) from the first 17 digits.
 */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK = '10X98765432';

export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/** Format, birth date and check character of an 18-character ID number. */
export function isValidIdCard(value: string): boolean {
  const v = value.toUpperCase();
  if (!/^[1-9]\d{5}(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  if (date.getTime() > Date.now()) return false;
  return idCardCheckChar(v.slice(0, 17)) === v[17];
}

/**
 * GB 32100-2015: the unified social credit code is 18 characters from a 31-character alphabet
 * (no I, O, Z, S, V); the last one is a check character (MOD 31) over the first 17.
 */
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_ALPHABET.indexOf(first17[i]!) * USCC_WEIGHTS[i]!;
  return USCC_ALPHABET[(31 - (sum % 31)) % 31]!;
}

export function isValidCreditCode(value: string): boolean {
  const v = value.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(v)) return false;
  return creditCodeCheckChar(v.slice(0, 17)) === v[17];
}
