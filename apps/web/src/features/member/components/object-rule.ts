import type { FormInstance, RuleObject } from 'antd/es/form';

interface ObjectParser {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }> };
      };
}

/**
 * Cross-field checks of a shared object schema (its superRefine: the account format that depends
 * on the payout type, 新密码不能与当前密码相同) shown on the one field they name.
 * zod runs an object's refinements only when every field parses, so the fields the check does
 * not use come from `baseline` (valid stand-ins) and only `uses` are read from the form.
 */
export function objectRule(
  schema: ObjectParser,
  field: string,
  uses: readonly string[],
  baseline: Record<string, unknown> = {},
) {
  return ({ getFieldsValue }: Pick<FormInstance, 'getFieldsValue'>): RuleObject => ({
    async validator() {
      const values = getFieldsValue(true) as Record<string, unknown>;
      const probe: Record<string, unknown> = { ...baseline };
      for (const k of uses) probe[k] = values[k] ?? '';
      const result = schema.safeParse(probe);
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
