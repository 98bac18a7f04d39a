import DatePicker from 'antd/es/date-picker';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import type { Dayjs } from 'dayjs';
import { chinaNow } from '../../../lib/time.ts';
import {
  followShowDates,
  type PublishValues,
  SHOW_DATE_FIELDS,
  type ShowDateField,
} from '../lib/publish-values.ts';
import { publishRules as R, showDateRule } from '../lib/rules.ts';

const LABELS: Record<ShowDateField | 'filingDeadline', string> = {
  buildStart: '进场布展开始',
  buildEnd: '布展结束',
  teardownStart: '撤场开始',
  teardownEnd: '撤场结束',
  filingDeadline: '报馆截止（选填）',
};

const DATE_FIELDS = [...SHOW_DATE_FIELDS, 'filingDeadline'] as const;

/**
 * A change of the form: a build-in / teardown picker the member set himself is his from then on;
 * a change of 展会日期 moves the others to their defaults (docs/show-dates.md). Runs before the
 * draft is written, so the draft holds both.
 */
export function trackShowDates(form: FormInstance<PublishValues>, changed: Partial<PublishValues>): void {
  const picked = SHOW_DATE_FIELDS.filter((k) => k in changed);
  if (picked.length > 0) {
    const touched = new Set([...(form.getFieldValue('showDatesTouched') ?? []), ...picked]);
    form.setFieldValue(
      'showDatesTouched',
      SHOW_DATE_FIELDS.filter((k) => touched.has(k)),
    );
  }
  if (!('period' in changed)) return;
  const next = followShowDates({
    period: changed.period,
    showDatesTouched: form.getFieldValue('showDatesTouched'),
  });
  if (Object.keys(next).length === 0) return;
  form.setFieldsValue(next);
  // a message that stood on the dates is checked again against the new ones
  const shown = form
    .getFieldsError([...DATE_FIELDS])
    .filter((f) => f.errors.length > 0)
    .map((f) => f.name);
  if (shown.length > 0) form.validateFields(shown).catch(() => undefined);
}

function TimePicker({
  name,
  required,
  openAt,
}: {
  name: ShowDateField | 'filingDeadline';
  required?: boolean;
  openAt?: Dayjs | null;
}) {
  return (
    <Form.Item
      className="zl-cust-wide"
      required={required}
      name={name}
      label={LABELS[name]}
      dependencies={['period', ...DATE_FIELDS.filter((k) => k !== name)]}
      rules={[showDateRule(name)]}
    >
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        style={{ width: '100%' }}
        disabledDate={(d) => d.isBefore(chinaNow().startOf('day'))}
        defaultPickerValue={openAt ?? undefined}
        placeholder="请选择日期和时间"
      />
    </Form.Item>
  );
}

/**
 * 展期与现场: the build-in and teardown windows (filled from 展会日期 until the member sets them),
 * the venue's filing deadline, 馆号 / 展位号 and 施工押金 in 元.
 */
export function ShowDateFields() {
  const form = Form.useFormInstance<PublishValues>();
  const buildStart = Form.useWatch('buildStart', form);
  return (
    <>
      <div className="zl-cust-four">
        <TimePicker name="buildStart" required />
        <TimePicker name="buildEnd" required />
        <TimePicker name="teardownStart" required />
        <TimePicker name="teardownEnd" required />
      </div>
      <div className="zl-cust-four">
        <TimePicker name="filingDeadline" openAt={buildStart} />
        <Form.Item className="zl-cust-wide" name="deposit" label="施工押金（选填）" rules={R.deposit}>
          <Input inputMode="decimal" prefix="¥" placeholder="如 5000" maxLength={16} />
        </Form.Item>
        <Form.Item name="hall" label="馆号（选填）" rules={R.hall}>
          <Input placeholder="如 7.1H" maxLength={20} />
        </Form.Item>
        <Form.Item name="booth" label="展位号（选填）" rules={R.booth}>
          <Input placeholder="如 7.1A01" maxLength={20} />
        </Form.Item>
      </div>
    </>
  );
}
