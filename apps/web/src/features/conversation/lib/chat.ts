/** Pure helpers of the conversation (docs/conversation.md): times, previews, 撤回, the composer's errors. */
import { type ThreadMessage, WITHDRAW_WINDOW_MS } from '@zl/shared';
import { fieldErrorsOf, isBizError } from '../../../lib/biz-error.ts';
import { formatTime } from '../../../lib/time.ts';

/** What a withdrawn message says in its place. */
export function withdrawnText(m: Pick<ThreadMessage, 'mine'>): string {
  return m.mine ? '你撤回了一条消息' : '消息已撤回';
}

/** A message's time in China: 14:05 today, 11-26 14:05 this year, 2025-11-26 14:05 before. */
export function chatTime(iso: string, now = Date.now()): string {
  const day = formatTime(iso, 'YYYY-MM-DD');
  if (day === formatTime(now, 'YYYY-MM-DD')) return formatTime(iso, 'HH:mm');
  if (day.slice(0, 4) === formatTime(now, 'YYYY')) return formatTime(iso, 'MM-DD HH:mm');
  return formatTime(iso, 'YYYY-MM-DD HH:mm');
}

/** The thread list's time: 14:05 today, 11-26 this year, 2025-11-26 before. */
export function listTime(iso: string, now = Date.now()): string {
  const day = formatTime(iso, 'YYYY-MM-DD');
  if (day === formatTime(now, 'YYYY-MM-DD')) return formatTime(iso, 'HH:mm');
  if (day.slice(0, 4) === formatTime(now, 'YYYY')) return formatTime(iso, 'MM-DD');
  return day;
}

export function isImage(f: { mime: string; thumbUrl: string | null }): boolean {
  return f.mime.startsWith('image/') && f.thumbUrl !== null;
}

/** The thread list's line for the newest message. */
export function previewText(m: ThreadMessage | null): string {
  if (!m) return '暂无消息';
  if (m.withdrawn) return withdrawnText(m);
  if (m.content) return m.content.replace(/\s+/g, ' ');
  const f = m.files[0];
  if (!f) return '';
  return isImage(f) ? '[图片]' : `[文件] ${f.name}`;
}

/** The caller may still 撤回 this message (its own, not withdrawn, within the window). */
export function canWithdraw(m: ThreadMessage, now = Date.now()): boolean {
  if (!m.mine || m.withdrawn) return false;
  const at = Date.parse(m.at);
  return Number.isFinite(at) && now - at < WITHDRAW_WINDOW_MS;
}

/** Milliseconds until the last of these messages can no longer be withdrawn (0: none can). */
export function withdrawableFor(messages: readonly ThreadMessage[], now = Date.now()): number {
  let left = 0;
  for (const m of messages) {
    if (canWithdraw(m, now)) left = Math.max(left, Date.parse(m.at) + WITHDRAW_WINDOW_MS - now);
  }
  return left;
}

/** What the composer shows of a refused send: per-field messages, the file in error, or the message. */
export interface SendErrors {
  /** the lines under the input */
  lines: string[];
  /** indexes (in the files sent) of the files the server refused */
  files: number[];
}

export function sendErrors(err: unknown, fileNames: readonly string[]): SendErrors {
  const lines: string[] = [];
  const files: number[] = [];
  const onFile = (field: string, message: string): boolean => {
    const m = /^files\.(\d+)$/.exec(field);
    if (!m) return false;
    const i = Number(m[1]);
    files.push(i);
    lines.push(fileNames[i] ? `${fileNames[i]}：${message}` : message);
    return true;
  };
  const fields = fieldErrorsOf(err);
  if (fields) {
    // the message first, then the files in their order, then the rest
    const keys = Object.keys(fields).sort((a, b) => rank(a) - rank(b));
    for (const k of keys) if (!onFile(k, fields[k]!)) lines.push(fields[k]!);
    return { lines: [...new Set(lines)], files };
  }
  if (isBizError(err)) {
    const field = (err.data as { field?: unknown } | null)?.field;
    if (typeof field !== 'string' || !onFile(field, err.message)) lines.push(err.message);
    return { lines, files };
  }
  return { lines: ['发送失败，请重试'], files };
}

function rank(field: string): number {
  if (field === 'content') return 0;
  const m = /^files\.(\d+)$/.exec(field);
  return m ? 1 + Number(m[1]) / 1000 : 2;
}
