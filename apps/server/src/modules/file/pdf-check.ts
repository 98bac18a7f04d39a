import { inflateSync } from 'node:zlib';

/**
 * Why a PDF is refused, or null when it may be stored (docs/members.md § Uploads, "Active content
 * in PDFs"). A contract or report is read by the other party and by operators: a PDF that runs
 * script, launches programs, carries embedded files or submits forms, or that is also an HTML page
 * (a polyglot), is refused rather than stored as it is.
 */
export function pdfRefusal(data: Buffer): string | null {
  const raw = data.toString('latin1');
  if (HTML_RE.test(raw)) return POLYGLOT;
  const text = normaliseNames(raw);
  if (/\/Encrypt(?=[\s/[\]<>(){}%]|$)/.test(text)) return ENCRYPTED;
  if (ACTIVE_RE.test(text)) return ACTIVE;
  // Dictionaries may sit compressed inside object streams (PDF 1.5): those are opened and read too.
  let budget = INFLATE_BUDGET;
  for (const m of text.matchAll(STREAM_RE)) {
    const dict = m[1] ?? '';
    if (!/\/Type\s*\/ObjStm\b/.test(dict)) continue;
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) return UNREADABLE;
    const body = data.subarray(start, end);
    const filters = [...dict.matchAll(/\/(FlateDecode|Fl|[A-Z][A-Za-z0-9]*Decode)\b/g)].map((f) => f[1]);
    let inner: Buffer;
    if (filters.length === 0) inner = body;
    else if (filters.length === 1 && (filters[0] === 'FlateDecode' || filters[0] === 'Fl')) {
      try {
        inner = inflateSync(body, { maxOutputLength: Math.max(1, budget) });
      } catch {
        return UNREADABLE;
      }
    } else return UNREADABLE;
    budget -= inner.length;
    if (budget <= 0) return UNREADABLE;
    const innerText = inner.toString('latin1');
    if (HTML_RE.test(innerText) || ACTIVE_RE.test(normaliseNames(innerText))) return ACTIVE;
  }
  return null;
}

const POLYGLOT = 'PDF 中夹带网页代码，不能上传，请用“打印为 PDF”重新生成后再上传';
const ACTIVE = 'PDF 含有脚本、内嵌文件或表单提交等可执行内容，不能上传，请用“打印为 PDF”另存后再上传';
const ENCRYPTED = 'PDF 已加密，请去掉密码后再上传';
const UNREADABLE = 'PDF 内容无法检查（结构损坏或使用了不常见的压缩方式），请用“打印为 PDF”另存后再上传';

/** Inflated bytes read per upload at most (object streams only hold small dictionaries). */
const INFLATE_BUDGET = 32 * 1024 * 1024;

/** A name ends at whitespace or a delimiter (ISO 32000-1 § 7.2.2). */
const END = '(?=[\\s/\\[\\]<>(){}%]|$)';
/** Actions and entries that run something or carry something to run (ISO 32000-1 § 12.6, 7.11.4, 12.7.8). */
const ACTIVE_RE = new RegExp(
  `/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE)${END}`,
);
/** What a browser would take for a page if it ever rendered the bytes as HTML. */
const HTML_RE = /<\s*(?:!doctype\s+html|html|head|body|script|iframe|svg|object|embed|meta|form)[\s>/]/i;
/** An indirect object's dictionary followed by its stream (`\bstream` never matches `endstream`). */
const STREAM_RE = /\bobj\b([\s\S]{0,4096}?)\bstream\r?\n/g;

/** `/J#61vaScript` is `/JavaScript` (ISO 32000-1 § 7.3.5): names are compared decoded. */
function normaliseNames(s: string): string {
  return s.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}
