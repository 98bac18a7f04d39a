import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { useState } from 'react';
import { isBizError } from '../../lib/biz-error.ts';
import { reportFormError } from '../../lib/form-errors.ts';
import { PasswordFields } from './password-fields.tsx';

interface TicketPasswordValues {
  password: string;
  confirm: string;
}

interface TicketPasswordFormProps {
  /** The PasswordFields label ("新密码", "登录密码"). */
  label: string;
  submitText: string;
  /** Sends the password with the page's ticket, then clears the ticket and moves on. */
  submit: (password: string) => Promise<void>;
  /** RESET_TOKEN_INVALID: the ticket is spent or expired; the page clears it and sends the member back. */
  onTicketInvalid: (message: string) => void;
  /** Error codes that belong to one field (reportFormError). */
  codeToField?: Record<string, string>;
}

/** A new password (with confirmation) sent with a one-time ticket: the reset and the WeChat set-password steps. */
export function TicketPasswordForm({
  label,
  submitText,
  submit,
  onTicketInvalid,
  codeToField,
}: TicketPasswordFormProps) {
  const [form] = Form.useForm<TicketPasswordValues>();
  const [submitting, setSubmitting] = useState(false);

  async function onFinish(v: TicketPasswordValues) {
    setSubmitting(true);
    try {
      await submit(v.password);
    } catch (e) {
      if (isBizError(e) && e.code === 'RESET_TOKEN_INVALID') onTicketInvalid(e.message);
      else reportFormError(form, e, codeToField);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<TicketPasswordValues>
      form={form}
      layout="vertical"
      size="large"
      onFinish={onFinish}
      requiredMark={false}
    >
      <PasswordFields label={label} />
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {submitText}
      </Button>
    </Form>
  );
}
