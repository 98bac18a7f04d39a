import { type SmsPurpose, smsCodeSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { Link } from 'react-router';
import { isBizError } from '../../lib/biz-error.ts';
import { handleError } from '../../lib/error-handler.ts';
import { reportFormError } from '../../lib/form-errors.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { getCode, latestDevCode } from './sms.ts';
import { useCountdown } from './use-countdown.ts';

interface Props {
  form: FormInstance;
  purpose: SmsPurpose;
  mobileField?: string;
}

/** 验证码 field with 获取验证码: 60 s countdown from data.resendIn (or data.retryAfter when too frequent). */
export function SmsCodeField({ form, purpose, mobileField = 'mobile' }: Props) {
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [devCode, setDevCode] = useState<string | null>(null);

  async function send() {
    let mobile: string;
    try {
      const values = await form.validateFields([mobileField]);
      mobile = String(values[mobileField]).trim();
    } catch {
      return; // the mobile field shows why
    }
    setSending(true);
    setDevCode(null);
    try {
      const data = await getCode(mobile, purpose);
      startCountdown(data.resendIn || 60);
      setSentTo(mobile);
      void latestDevCode(mobile, purpose).then(setDevCode);
    } catch (e) {
      if (isBizError(e) && e.code === 'SMS_TOO_FREQUENT') {
        const retry = (e.data as { retryAfter?: number } | null)?.retryAfter;
        if (typeof retry === 'number' && retry > 0) startCountdown(retry);
        handleError(e);
      } else {
        // getCode never says whether the mobile is registered (docs/members.md § Who learns that a
        // mobile is registered): the register and reset steps do, once the code is proven.
        reportFormError(form, e, {}, { mobile: mobileField });
      }
    } finally {
      setSending(false);
    }
  }

  const extra = sentTo ? (
    <>
      验证码已发送至 {sentTo.slice(0, 3)}****{sentTo.slice(7)}，5 分钟内有效
      {devCode ? `（开发环境验证码：${devCode}）` : ''} <Link to="/help#sms">收不到验证码？</Link>
    </>
  ) : undefined;

  return (
    <Form.Item label="验证码" required extra={extra}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="code" noStyle rules={[zodRule(smsCodeSchema)]}>
          <Input
            placeholder="6 位短信验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-label="验证码"
          />
        </Form.Item>
        <Button onClick={send} loading={sending} disabled={left > 0} style={{ minWidth: 112 }}>
          {left > 0 ? `${left} 秒后重发` : sentTo ? '重新获取' : '获取验证码'}
        </Button>
      </div>
    </Form.Item>
  );
}
