import type { FormInstance } from 'antd/es/form';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { applyFieldErrors } from '../../../lib/zod-rule.ts';

/**
 * Puts a failed call's message where the member is looking: per-field errors (VALIDATION_FAILED
 * data.fields, or a code known to belong to one field), otherwise the shared handler.
 */
export function reportFormError(
  form: Pick<FormInstance, 'setFields' | 'getFieldsValue'>,
  err: unknown,
  codeToField: Record<string, string> = {},
): void {
  if (applyFieldErrors(form, err)) return;
  if (isBizError(err)) {
    const field = codeToField[err.code];
    if (field) {
      form.setFields([{ name: field, errors: [err.message] }]);
      return;
    }
  }
  handleError(err);
}
