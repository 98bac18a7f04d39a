import type { FormInstance } from 'antd/es/form';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { applyFieldErrors } from '../../../lib/zod-rule.ts';

/** Field errors onto fields (and codes that belong to one field); the rest to the shared handler. */
export function reportError(
  form: Pick<FormInstance, 'setFields' | 'getFieldsValue'>,
  err: unknown,
  codeToField: Record<string, string> = {},
  rename: Record<string, string> = {},
): void {
  if (applyFieldErrors(form, err, rename)) return;
  if (isBizError(err)) {
    const field = codeToField[err.code];
    if (field) {
      form.setFields([{ name: field, errors: [err.message] }]);
      return;
    }
  }
  handleError(err);
}
