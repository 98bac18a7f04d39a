import type { FormInstance } from 'antd/es/form';
import { isBizError } from './biz-error.ts';
import { handleError } from './error-handler.ts';
import { applyFieldErrors } from './zod-rule.ts';

type ErrorForm = Pick<FormInstance, 'setFields' | 'getFieldsValue'>;

/**
 * Puts a failed call's message where the member is looking: per-field errors (VALIDATION_FAILED
 * data.fields, server names renamed to form names), or a code known to belong to one field,
 * otherwise the shared handler.
 */
export function reportFormError(
  form: ErrorForm,
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

/**
 * A refused submission with uploads: VALIDATION_FAILED field messages go onto their fields (and
 * the shared handler says so), file errors onto the upload they belong to, anything else to the
 * shared handler (AUTH_PENDING, AUTH_ALREADY_APPROVED show as warnings).
 */
export function reportSubmitError(form: ErrorForm, err: unknown, rename: Record<string, string> = {}): void {
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

/**
 * A modal's OK: validates `form` (an invalid form shows its field messages and sends nothing),
 * then `send`s the values; a failure of `send` goes to `onError` (e.g. reportFormError).
 */
export async function submitValidated<V>(
  form: Pick<FormInstance<V>, 'validateFields'>,
  send: (values: V) => Promise<void>,
  onError: (err: unknown) => void,
): Promise<void> {
  let values: V;
  try {
    values = await form.validateFields();
  } catch {
    return;
  }
  try {
    await send(values);
  } catch (err) {
    onError(err);
  }
}
