/**
 * Contact details hidden before the award (docs/questions.md § Contact details): mobile numbers
 * (spaced, dashed, full-width, written in Chinese numerals), WeChat ids after 微信 / vx / wx …,
 * QQ numbers after QQ / 扣扣 …, and e-mail addresses (also with 艾特 / (at) / 点 / dot). Each
 * character of what is found becomes ＊. The server masks what it stores; the forms call the same
 * function to tell the sender before sending.
 */

export const MASK_CHAR = '＊';
export type ContactKind = 'mobile' | 'wechat' | 'qq' | 'email';
export const contactKindLabels: Record<ContactKind, string> = {
  mobile: '手机号',
  wechat: '微信号',
  qq: 'QQ 号',
  email: '邮箱',
};

const CN_DIGITS: Record<string, string> = {
  零: '0',
  〇: '0',
  洞: '0',
  一: '1',
  幺: '1',
  壹: '1',
  二: '2',
  两: '2',
  贰: '2',
  三: '3',
  叁: '3',
  四: '4',
  肆: '4',
  五: '5',
  伍: '5',
  六: '6',
  陆: '6',
  七: '7',
  柒: '7',
  拐: '7',
  八: '8',
  捌: '8',
  九: '9',
  玖: '9',
  勾: '9',
};

/** The digit a character stands for (ASCII, full-width, circled ①–⑨, Chinese), or null. */
function digitOf(ch: string): string | null {
  if (ch >= '0' && ch <= '9') return ch;
  const c = ch.codePointAt(0)!;
  if (c >= 0xff10 && c <= 0xff19) return String(c - 0xff10);
  if (c >= 0x2460 && c <= 0x2468) return String(c - 0x2460 + 1);
  return CN_DIGITS[ch] ?? null;
}

/** What may stand between the digits of one written number. */
const SEPARATOR = /[\s\-‐‑–—_.·・、,，/\\|()（）[\]【】*＊~～+＋]/u;
const MAX_GAP = 2;

interface Span {
  start: number;
  end: number;
  kind: ContactKind;
}

/**
 * Runs of `min`–`max` digits (each maybe written another way), at most MAX_GAP separator characters
 * between two digits, not glued to a further digit on either side.
 */
function digitRuns(
  chars: string[],
  min: number,
  max: number,
): Array<{ start: number; end: number; digits: string }> {
  const out: Array<{ start: number; end: number; digits: string }> = [];
  let i = 0;
  while (i < chars.length) {
    if (digitOf(chars[i]!) === null) {
      i++;
      continue;
    }
    let digits = '';
    let end = i;
    let j = i;
    while (j < chars.length) {
      const d = digitOf(chars[j]!);
      if (d !== null) {
        digits += d;
        end = j + 1;
        j++;
        continue;
      }
      let k = j;
      while (k < chars.length && k - j < MAX_GAP && SEPARATOR.test(chars[k]!)) k++;
      if (k > j && k < chars.length && digitOf(chars[k]!) !== null) {
        j = k;
        continue;
      }
      break;
    }
    if (digits.length >= min && digits.length <= max) out.push({ start: i, end, digits });
    i = Math.max(end, i + 1);
  }
  return out;
}

const MOBILE = /^(?:0?86)?1[3-9]\d{9}$/;

/** Keywords that introduce a WeChat id or a QQ number, then what may stand before the id. */
const WECHAT_KEY =
  /(?:微信|薇信|威信|维信|徽信|V信|v信|卫星|wei\s*xin|we\s*chat|vx|wx|v\s*[:：]|加\s*v|➕\s*v)/giu;
const QQ_KEY = /(?:q\s*q|扣扣|企鹅|抠抠|qq号|Q\s*Q)/giu;
const LEAD = /^[\s:：号是为=＝\-—~～,，]*(?:号码?|账号|號)?[\s:：是为=＝\-—~～,，]*/u;
const WECHAT_ID = /^[a-zA-Z][-_a-zA-Z0-9]{5,19}/;

const EMAIL =
  /[a-zA-Z0-9][a-zA-Z0-9._%+-]{0,63}\s*(?:@|＠|\(\s*at\s*\)|\[\s*at\s*\]|\{\s*at\s*\}|\s+at\s+|艾特|圈a|#)\s*[a-zA-Z0-9-]{1,63}(?:\s*(?:\.|。|．|点|\(\s*dot\s*\)|\[\s*dot\s*\]|\s+dot\s+)\s*[a-zA-Z0-9-]{1,63})*\s*(?:\.|。|．|点|\(\s*dot\s*\)|\[\s*dot\s*\]|\s+dot\s+)\s*(?:com|cn|net|org|edu|gov|io|me|cc|co|top|vip|info|biz|xyz|hk|tw)\b/giu;

function keywordSpans(text: string, chars: string[], key: RegExp, kind: ContactKind): Span[] {
  const spans: Span[] = [];
  // chars are code points; the regexps index UTF-16: map between them
  const toChar = utf16ToCharIndex(text);
  for (const m of text.matchAll(key)) {
    const after = m.index! + m[0].length;
    const lead = LEAD.exec(text.slice(after))![0].length;
    const from = after + lead;
    const rest = text.slice(from);
    const id = kind === 'wechat' ? WECHAT_ID.exec(rest) : null;
    if (id) {
      spans.push({ start: toChar[from]!, end: toChar[from + id[0].length]!, kind });
      continue;
    }
    // a number right after the keyword: a QQ number (5–11 digits) or a WeChat id that is a mobile
    const startChar = toChar[from]!;
    const runs = digitRuns(chars.slice(startChar, startChar + 40), 5, 13);
    const first = runs[0];
    if (first && first.start === 0) spans.push({ start: startChar, end: startChar + first.end, kind });
  }
  return spans;
}

function utf16ToCharIndex(text: string): number[] {
  const map: number[] = [];
  let ci = 0;
  for (let i = 0; i < text.length; ci++) {
    const cp = text.codePointAt(i)!;
    const w = cp > 0xffff ? 2 : 1;
    for (let k = 0; k < w; k++) map[i + k] = ci;
    i += w;
  }
  map[text.length] = ci;
  return map;
}

export interface MaskResult {
  text: string;
  /** what kinds were hidden, each once, in the order of `contactKindLabels` */
  kinds: ContactKind[];
}

/** Hides the contact details in `text` (see the file's comment). */
export function maskContacts(text: string): MaskResult {
  const chars = Array.from(text);
  const spans: Span[] = [];
  for (const r of digitRuns(chars, 11, 13)) {
    if (MOBILE.test(r.digits)) spans.push({ start: r.start, end: r.end, kind: 'mobile' });
  }
  spans.push(...keywordSpans(text, chars, WECHAT_KEY, 'wechat'));
  spans.push(...keywordSpans(text, chars, QQ_KEY, 'qq'));
  const toChar = utf16ToCharIndex(text);
  for (const m of text.matchAll(EMAIL)) {
    spans.push({ start: toChar[m.index!]!, end: toChar[m.index! + m[0].length]!, kind: 'email' });
  }
  if (spans.length === 0) return { text, kinds: [] };
  const out = [...chars];
  for (const s of spans) for (let i = s.start; i < s.end; i++) if (!/\s/u.test(out[i]!)) out[i] = MASK_CHAR;
  const found = new Set(spans.map((s) => s.kind));
  return {
    text: out.join(''),
    kinds: (Object.keys(contactKindLabels) as ContactKind[]).filter((k) => found.has(k)),
  };
}

/** The sentence that tells the sender why (the form before sending, the server's answer after). */
export function maskNotice(kinds: ContactKind[]): string {
  return `成交前请勿交换联系方式：${kinds.map((k) => contactKindLabels[k]).join('、')}会显示为 ${MASK_CHAR}`;
}
