import { fileThumbUrl, searchListResultSchema } from '@zl/shared';
import { envelope, okEnvelope } from '../../lib/errors.ts';
import { compileZodSerializer } from '../../lib/precompiled-serializer.ts';
import { groupName, isoOfEpoch, shanghaiPartsOfEpoch, statusText } from '../project/project-view.ts';
import { SEARCH_COL as C, pgEpochMs, type SearchTextRow } from './search.repo.ts';
import type { SearchListPage } from './search.service.ts';

/**
 * The hall's list written as JSON straight from PostgreSQL's text of each column
 * (docs/marketplace.md § searchList, "Writing the answer"): no mapped row, no Date and no summary
 * object between the driver and the text the client reads. The text is the one `projectSummary`
 * and the route's schema would give, key for key and character for character
 * (apps/server/test/search-serializer.test.ts holds the two equal).
 */

// A string that needs no escape in JSON is written between quotes as it is; the rest (quotes,
// backslashes, control characters, lone surrogates) goes through JSON.stringify.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const str = (s: string): string => (NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`);

/**
 * A numeric column's text as the number JSON writes (`12.50` → `12.5`, `4.00` → `4`): for plain
 * decimals of up to 15 digits, the trailing zeros of the fraction dropped (what Number's shortest
 * text gives, without converting twice); anything else through Number.
 */
const DECIMAL = /^-?(0|[1-9]\d{0,12})(\.\d{1,2})?$/;
const numeric = (text: string | null | undefined): string => {
  if (typeof text === 'string' && DECIMAL.test(text)) {
    const dot = text.indexOf('.');
    if (dot < 0) return text === '-0' ? '0' : text;
    let end = text.length;
    while (text.charCodeAt(end - 1) === 48) end--; // '0'
    if (end === dot + 1) end = dot;
    const out = text.slice(0, end);
    return out === '-0' ? '0' : out;
  }
  const n = Number(text);
  if (text === null || text === undefined || text === '' || !Number.isFinite(n))
    throw new Error(`search list: not a number: ${text}`);
  return String(n);
};

// An integer column's text is already its JSON: PostgreSQL writes an int4/int8 as plain digits.
// A null (the columns are NOT NULL) means a wrong column, refused like a schema mismatch.
const integer = (text: string | null | undefined): string => {
  if (typeof text !== 'string' || text.length === 0) throw new Error(`search list: not an integer: ${text}`);
  return text;
};

// The group's and the status's names as JSON, by their number's text.
const GROUP_JSON = new Map<string, string>();
const STATUS_JSON = new Map<string, string>();
const named = (cache: Map<string, string>, text: string, name: (n: number) => string): string => {
  let json = cache.get(text);
  if (json === undefined) {
    json = str(name(Number(text)));
    if (cache.size < 100) cache.set(text, json);
  }
  return json;
};

// A picture list of file ids as jsonb writes it (`["a1b2…", "c3d4…"]`): its first id without
// parsing the list; anything else through JSON.parse.
const FIRST_ID = /^\["([0-9A-Za-z_.-]+)"[,\]]/;
function coverOf(picture: string | null | undefined): string {
  if (typeof picture !== 'string' || picture === '[]') return 'null';
  const m = FIRST_ID.exec(picture);
  const first = m ? m[1] : (JSON.parse(picture) as unknown[])[0];
  return typeof first === 'string' && first ? str(fileThumbUrl(first)) : 'null';
}

// PostgreSQL's text of a timestamptz in a session at UTC (`2026-11-24 03:31:05.123456+00`) or at
// Shanghai's +08 — the offsets a deployment runs at — is read by position; any other text goes
// through pgEpochMs and calendar arithmetic. Checked: `YYYY-MM-DD HH:MM:SS`, an optional fraction.
function utcOrShanghai(text: string): { fracEnd: number; offset: 0 | 8 } | null {
  const n = text.length;
  if (n < 22 || text.charCodeAt(10) !== 32 || text.charCodeAt(4) !== 45 || text.charCodeAt(13) !== 58)
    return null;
  let i = 19;
  if (text.charCodeAt(i) === 46) {
    i++;
    while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  }
  if (i !== n - 3 || text.charCodeAt(i) !== 43) return null; // '+HH' and nothing after
  const off = text.slice(i + 1);
  return off === '00' ? { fracEnd: i, offset: 0 } : off === '08' ? { fracEnd: i, offset: 8 } : null;
}

/** The milliseconds of a fraction (`.5` → `500`, `.123456` → `123`): Date drops the rest. */
function millis(text: string, fracEnd: number): string {
  if (fracEnd === 19) return '000';
  const digits = text.slice(20, Math.min(fracEnd, 23));
  return digits.length === 3 ? digits : digits.length === 2 ? `${digits}0` : `${digits}00`;
}

/** `isoOf` of a timestamptz's text. */
function isoOfText(text: string): string {
  const t = utcOrShanghai(text);
  if (t && t.offset === 0) return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis(text, t.fracEnd)}Z`;
  return isoOfEpoch(pgEpochMs(text));
}

/** `shanghaiParts` of a timestamptz's text. */
function shanghaiOfText(text: string): { date: string; time: string } {
  const t = utcOrShanghai(text);
  if (t && t.offset === 8) return { date: text.slice(0, 10), time: text.slice(11, 19) };
  if (t && t.offset === 0) {
    const h = (text.charCodeAt(11) - 48) * 10 + text.charCodeAt(12) - 48 + 8;
    // the same day in Shanghai: only the hour moves
    if (h < 24) return { date: text.slice(0, 10), time: `${h < 10 ? '0' : ''}${h}${text.slice(13, 19)}` };
  }
  return shanghaiPartsOfEpoch(pgEpochMs(text));
}

/** One list item's JSON (ProjectSummary's keys in its order) from its row's text. */
export function listItemJson(r: SearchTextRow): string {
  const created = shanghaiOfText(r[C.createdAt] as string);
  const groupid = integer(r[C.groupid]);
  const status = integer(r[C.status]);
  // sdate and edate are PostgreSQL's text of a date: digits and dashes, nothing to escape
  return (
    `{"id":${integer(r[C.id])},"orders":${str(r[C.orders] as string)},"title":${str(r[C.title] as string)}` +
    `,"groupid":${groupid},"groupname":${named(GROUP_JSON, groupid, groupName)}` +
    `,"areas":${numeric(r[C.areas])},"length":${numeric(r[C.length])},"width":${numeric(r[C.width])}` +
    `,"height":${numeric(r[C.height])},"opens":${integer(r[C.opens])}` +
    `,"prov":${str(r[C.prov] as string)},"city":${str(r[C.city] as string)}` +
    `,"sdate":"${r[C.sdate]}","edate":"${r[C.edate]}","buildStart":"${isoOfText(r[C.buildStart] as string)}"` +
    `,"biddl":"${isoOfText(r[C.biddl] as string)}"` +
    `,"coins":${integer(r[C.coins])},"peoples":${integer(r[C.peoples])},"prepay":${integer(r[C.prepay])}` +
    `,"status":${status},"statusText":${named(STATUS_JSON, status, statusText)}` +
    `,"cover":${coverOf(r[C.picture])},"dates":"${created.date}","times":"${created.time}"` +
    `,"favorite":${r[C.favorite] === 't' ? 'true' : 'false'}}`
  );
}

// The envelope around the page, written by the route schema's compiled serializer with an empty
// list; the items' JSON goes where that list stands. Nothing the client sent comes before it
// (`success`, `errCode` and `errMsg` are fixed), so the first `"listItem":[]` is the list's place.
const writeEnvelope = compileZodSerializer(envelope(searchListResultSchema));
const EMPTY_LIST = '"listItem":[]';

/** The whole answer of `Projectcenter/searchList`, envelope and all. */
export function searchListJson(page: SearchListPage): string {
  const { rows, ...rest } = page;
  const outer = writeEnvelope(okEnvelope({ ...rest, listItem: [] }));
  const at = outer.indexOf(EMPTY_LIST);
  if (at < 0) throw new Error('searchListJson: no list in the envelope');
  let items = '';
  for (let i = 0; i < rows.length; i++) items += (i ? ',' : '') + listItemJson(rows[i]!);
  return `${outer.slice(0, at)}"listItem":[${items}]${outer.slice(at + EMPTY_LIST.length)}`;
}
