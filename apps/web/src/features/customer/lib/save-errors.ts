import type { FormInstance } from 'antd/es/form';
import { fieldErrorsOf, isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';

/** Server field names → the publish form's field paths. */
const RENAME: Record<string, string> = {
  sdate: 'period',
  edate: 'period',
  prov: 'region',
  city: 'region',
  strt: 'region',
  areas: 'length',
};

/** Codes that belong to one field although the server sent no field name. */
const CODE_FIELD: Record<string, string> = {
  BIDDING_CLOSED: 'biddl',
};

export function fieldPath(name: string): Array<string | number> {
  const parts = name.split(/[.[\]]+/).filter(Boolean);
  const head = parts[0] ?? name;
  return [RENAME[head] ?? head, ...parts.slice(1).map((p) => (/^\d+$/.test(p) ? Number(p) : p))];
}

/**
 * VALIDATION_FAILED from Customer/projectSave onto the fields (requirement rows too: `dimian.2.qty`);
 * the rest goes to the shared handler. Returns the first field path shown, to scroll to it.
 */
export function reportSaveError(
  form: Pick<FormInstance, 'setFields'>,
  err: unknown,
): Array<string | number> | null {
  const fields = fieldErrorsOf(err);
  if (fields) {
    const list = Object.entries(fields).map(([name, message]) => ({
      name: fieldPath(name),
      errors: [message],
    }));
    form.setFields(list);
    return list[0]?.name ?? null;
  }
  if (isBizError(err) && CODE_FIELD[err.code]) {
    const name = CODE_FIELD[err.code] as string;
    form.setFields([{ name, errors: [err.message] }]);
    return [name];
  }
  handleError(err);
  return null;
}
