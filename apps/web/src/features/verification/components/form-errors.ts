import type { FormInstance } from 'antd/es/form';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { applyFieldErrors } from '../../../lib/zod-rule.ts';

/**
 * A refused submission: VALIDATION_FAILED field messages go onto their fields (server names
 * renamed to form names), file errors onto the upload they belong to, anything else to the
 * shared handler (AUTH_PENDING, AUTH_ALREADY_APPROVED show as warnings).
 */
export function reportSubmitError(
  form: Pick<FormInstance, 'setFields' | 'getFieldsValue'>,
  err: unknown,
  rename: Record<string, string> = {},
): void {
  if (applyFieldErrors(form, err, rename)) {
    handleError(err);
    return;
  }
  if (isBizError(err) && (err.code === 'FILE_NOT_FOUND' || err.code === 'FILE_TYPE_NOT_ALLOWED')) {
    const field = (err.data as { field?: string } | null)?.field;
    if (field) {
      form.setFields([{ name: rename[field] ?? field, errors: [err.message] }]);
      return;
    }
  }
  handleError(err);
}
