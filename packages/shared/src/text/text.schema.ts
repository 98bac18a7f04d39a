import { z } from 'zod';

/**
 * The one builder of every text field a request carries (docs/api.md, "Text fields"): bounded,
 * trimmed, and free of control characters. PostgreSQL refuses NUL in text, and no C0 control
 * character (nor DEL) belongs in a form field; a text area keeps tab, line feed and carriage return.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARS_RE = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const MULTILINE_CONTROL_CHARS_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARS_MESSAGE = '不能包含控制字符';

export interface TextOptions {
  /** the longest value accepted, after trimming */
  max: number;
  /** the message when the value is missing or not a string */
  error?: string;
  /** the message when the value is longer than `max` */
  maxError?: string;
  /** names the field in the control-character message (「昵称不能包含控制字符」) */
  label?: string;
  /** a text area: tab, line feed and carriage return are kept */
  multiline?: boolean;
  /** false keeps surrounding spaces (passwords) */
  trim?: boolean;
}

/**
 * `z.string()` with trimming, a refusal of control characters (checked first, alone) and a maximum;
 * chain `.min()`, `.regex()`, `.refine()`… after it as on any string schema.
 */
export function textSchema(opts: TextOptions) {
  const base = z.string(opts.error === undefined ? undefined : { error: opts.error });
  const control = opts.multiline ? MULTILINE_CONTROL_CHARS_RE : CONTROL_CHARS_RE;
  return (opts.trim === false ? base : base.trim())
    .refine((v) => !control.test(v), { error: `${opts.label ?? ''}${CONTROL_CHARS_MESSAGE}`, abort: true })
    .max(opts.max, opts.maxError === undefined ? undefined : { error: opts.maxError });
}

/** A form field named by its label: `请输入{label}` when missing, `{label}最多 {max} 个字` when too long. */
export function labelledText(label: string, max: number, multiline = false) {
  return textSchema({ error: `请输入${label}`, max, maxError: `${label}最多 ${max} 个字`, label, multiline });
}
