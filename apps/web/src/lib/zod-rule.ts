import type { FormInstance, RuleObject } from 'antd/es/form';
import { fieldErrorsOf } from './biz-error.ts';

/** Structural type of a zod schema: only what the adapter needs (no zod import in the web app). */
export interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

export type SchemaSource = SafeParser | (() => Promise<SafeParser>);

/**
 * The one zod → antd Form rule adapter (docs/seed-map.md § Form messages): the schema from @zl/shared is
 * the rule; the first issue's Chinese message becomes the field error.
 * Empty optional fields can be let through with `{ optional: true }`.
 * The schema may also be a loader (`() => import(...)`): the /login page validates with the shared
 * zod schemas without putting zod on its critical path (zod loads on the first keystroke).
 */
export function zodRule(schema: SchemaSource, opts: { optional?: boolean } = {}): RuleObject {
  return {
    async validator(_rule, value: unknown) {
      const problem = await checkWith(schema, value, opts);
      if (problem) throw new Error(problem);
    },
  };
}

/** The adapter's core, also used by the antd-free /login form: the first issue's message, or null. */
export async function checkWith(
  schema: SchemaSource,
  value: unknown,
  opts: { optional?: boolean } = {},
): Promise<string | null> {
  if (opts.optional && (value === undefined || value === null || value === '')) return null;
  const parser = typeof schema === 'function' ? await schema() : schema;
  const result = parser.safeParse(value ?? '');
  return result.success ? null : (result.error.issues[0]?.message ?? '输入不正确');
}

/**
 * VALIDATION_FAILED answers carry `data.fields` {field: message}: show them on the form fields.
 * `rename` maps server field names to form field names. Returns true when something was shown.
 */
export function applyFieldErrors(
  form: Pick<FormInstance, 'setFields' | 'getFieldsValue'>,
  err: unknown,
  rename: Record<string, string> = {},
): boolean {
  const fields = fieldErrorsOf(err);
  if (!fields) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const list = Object.entries(fields)
    .map(([name, message]) => ({ name: rename[name] ?? name, errors: [message] }))
    .filter((f) => known.size === 0 || known.has(f.name));
  if (list.length === 0) return false;
  form.setFields(list);
  return true;
}
