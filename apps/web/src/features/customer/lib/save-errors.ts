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

/**
 * A server or schema field name → the form's path: `dimian.2.qty` → ['dimian', 2, 'qty'],
 * `payPlan.final` → ['payPlan', 'final'] (the 尾款 input). The plan as a whole, or any share of it
 * while 全额预付 hides the inputs, lands on the 付款方式 choice.
 */
export function fieldPath(name: string, opts: { fullPrepay?: boolean } = {}): Array<string | number> {
  const parts = name.split(/[.[\]]+/).filter(Boolean);
  const head = parts[0] ?? name;
  if (head === 'payPlan' && (parts.length === 1 || opts.fullPrepay)) return ['payMode'];
  return [RENAME[head] ?? head, ...parts.slice(1).map((p) => (/^\d+$/.test(p) ? Number(p) : p))];
}

/**
 * VALIDATION_FAILED from Customer/projectSave onto the fields (requirement rows too: `dimian.2.qty`);
 * the rest goes to the shared handler. Returns the first field path shown, to scroll to it.
 */
export function reportSaveError(
  form: Pick<FormInstance, 'setFields' | 'getFieldValue'>,
  err: unknown,
): Array<string | number> | null {
  const fields = fieldErrorsOf(err);
  if (fields) {
    const fullPrepay = form.getFieldValue('payMode') === 'full';
    const list = Object.entries(fields).map(([name, message]) => ({
      name: fieldPath(name, { fullPrepay }),
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
