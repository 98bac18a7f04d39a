import {
  changePwdSchema,
  maskMobile,
  NOTICE_KINDS,
  NOTICE_LEVELS,
  noticeKindLabels,
  noticeLevelLabels,
  noticePrefs,
  PASSWORD_MAX,
  passwordSchema,
  setPaymentSchema,
  type UserInfo,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { Link } from 'react-router';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportFormError } from '../../../lib/form-errors.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { useUserInfo } from '../../../lib/user-info.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useChangePwd } from '../api/change-pwd.ts';
import { useNotifyInfo, useNotifySetting } from '../api/notify-setting.ts';
import { useSetPayment } from '../api/set-payment.ts';
import { objectRule } from '../components/object-rule.ts';
import '../member.css';

interface PwdValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

function ChangePasswordForm() {
  const [form] = Form.useForm<PwdValues>();
  const change = useChangePwd();
  const once = useSubmitOnce();
  const onFinish = (v: PwdValues) => once.run(() => send(v));
  async function send(v: PwdValues) {
    try {
      await change.mutateAsync({ oldPassword: v.oldPassword, password: v.password });
      form.resetFields();
      withFeedback((f) => f.message.success('登录密码已修改，其他设备上的登录已退出'));
    } catch (err) {
      reportFormError(form, err, { PASSWORD_WRONG: 'oldPassword' });
    }
  }
  return (
    <Form<PwdValues>
      form={form}
      requiredMark={false}
      layout="vertical"
      onFinish={onFinish}
      name="change-password"
      aria-label="修改登录密码"
    >
      <Form.Item name="oldPassword" label="当前密码" rules={[zodRule(changePwdSchema.shape.oldPassword)]}>
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="password"
        label="新密码"
        validateFirst
        rules={[
          zodRule(passwordSchema),
          objectRule(changePwdSchema, 'password', ['oldPassword', 'password']),
        ]}
        extra="8–32 位，须同时包含字母和数字"
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_r, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={once.busy}>
        修改密码
      </Button>
    </Form>
  );
}

interface PayValues {
  password: string;
  paycode: string;
  repaycode: string;
  payoutType: 'alipay' | 'bank';
  payoutName: string;
  payoutAccount: string;
  payoutBank?: string;
}

const payShape = setPaymentSchema.shape;
const PAYOUT_USES = ['payoutType', 'payoutAccount', 'payoutBank'] as const;
/** valid stand-ins for the fields the payout-account check does not read */
const PAYOUT_BASELINE = { password: 'x', paycode: '135790', repaycode: '135790', payoutName: '张三' };

/**
 * 收款人: Alipay and the banks pay only the holder named, so the payee is one of the member's
 * verified names (docs/withdrawals.md "The payee"): shown locked when there is one, a choice when
 * the real name and the company name are both verified.
 */
function PayeeField({ payees }: { payees: readonly string[] }) {
  if (payees.length === 0)
    return (
      <Alert
        type="warning"
        showIcon
        className="zl-payee-alert"
        title="请先完成实名认证或企业认证"
        description={
          <>
            收款人须为认证的姓名或企业名称，认证通过后即可设置收款账户。
            <Link to="/personCenter/security_person">去认证</Link>
          </>
        }
      />
    );
  return (
    <Form.Item
      name="payoutName"
      label="收款人"
      rules={[zodRule(payShape.payoutName)]}
      extra="收款人须与实名认证的姓名或企业名称一致，支付宝和银行会核对户名"
    >
      {payees.length === 1 ? (
        <Input readOnly disabled aria-readonly />
      ) : (
        <Radio.Group options={payees.map((n) => ({ value: n, label: n }))} />
      )}
    </Form.Item>
  );
}

function PaymentForm({ user }: { user: UserInfo }) {
  const [form] = Form.useForm<PayValues>();
  const save = useSetPayment();
  const once = useSubmitOnce();
  const type = Form.useWatch('payoutType', form) ?? 'alipay';
  const payees = user.payees;
  const onFinish = (v: PayValues) => once.run(() => send(v));
  async function send(v: PayValues) {
    try {
      await save.mutateAsync({
        password: v.password,
        paycode: v.paycode.trim(),
        repaycode: v.repaycode.trim(),
        payoutType: v.payoutType,
        payoutName: v.payoutName.trim(),
        payoutAccount: v.payoutAccount.trim(),
        payoutBank: v.payoutType === 'bank' ? (v.payoutBank ?? '').trim() : '',
      });
      form.resetFields();
      withFeedback((f) => f.message.success(user.ispaycode ? '支付密码与收款账户已更新' : '支付密码已设置'));
    } catch (err) {
      reportFormError(form, err, { PASSWORD_WRONG: 'password' });
    }
  }
  return (
    <Form<PayValues>
      form={form}
      requiredMark={false}
      layout="vertical"
      onFinish={onFinish}
      name="pay-password"
      aria-label="支付密码与收款账户"
      initialValues={{
        payoutType: user.payout?.type || 'alipay',
        payoutName: payees.includes(user.payout?.name ?? '') ? user.payout?.name : (payees[0] ?? ''),
        payoutBank: user.payout?.bank ?? '',
      }}
    >
      <Form.Item
        name="password"
        label="登录密码"
        rules={[zodRule(payShape.password)]}
        extra="为保障资金安全，请先验证登录密码"
      >
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="paycode"
        label={user.ispaycode ? '新支付密码' : '支付密码'}
        rules={[zodRule(payShape.paycode)]}
      >
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" placeholder="6 位数字" />
      </Form.Item>
      <Form.Item
        name="repaycode"
        label="确认支付密码"
        dependencies={['paycode']}
        rules={[
          { required: true, message: '请再次输入支付密码' },
          ({ getFieldValue }) => ({
            validator: (_r, value) =>
              !value || getFieldValue('paycode') === value
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的支付密码不一致')),
          }),
        ]}
      >
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <Form.Item name="payoutType" label="收款方式">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'alipay', label: '支付宝' },
            { value: 'bank', label: '银行卡' },
          ]}
        />
      </Form.Item>
      <PayeeField payees={payees} />
      <Form.Item
        name="payoutAccount"
        label={type === 'bank' ? '银行卡号' : '支付宝账号'}
        dependencies={['payoutType']}
        validateFirst
        rules={[
          zodRule(payShape.payoutAccount),
          objectRule(setPaymentSchema, 'payoutAccount', PAYOUT_USES, PAYOUT_BASELINE),
        ]}
        extra={user.payout?.account ? `当前：${user.payout.account}（修改时请重新填写完整账号）` : undefined}
      >
        <Input
          maxLength={type === 'bank' ? 30 : 40}
          placeholder={type === 'bank' ? '12–30 位卡号' : '手机号或邮箱'}
        />
      </Form.Item>
      {type === 'bank' && (
        <Form.Item
          name="payoutBank"
          label="开户银行"
          rules={[objectRule(setPaymentSchema, 'payoutBank', PAYOUT_USES, PAYOUT_BASELINE)]}
        >
          <Input maxLength={60} placeholder="如 招商银行福州分行" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={once.busy} disabled={payees.length === 0}>
        {user.ispaycode ? '更新支付设置' : '设置支付密码'}
      </Button>
    </Form>
  );
}

/**
 * 通知设置 (docs/notices.md): per kind, in-app only / + SMS / + WeChat; and the SMS nudge of a
 * project message unread for 10 minutes (docs/conversation.md "Offline"). Each change is saved at once.
 */
function NotifySettings() {
  const { data } = useNotifyInfo();
  const save = useNotifySetting();
  if (!data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const levels = NOTICE_LEVELS.filter((l) => l !== 'wechat' || data.wechatEnabled);
  // every kind shown, with its default where the answer has none
  const kinds = noticePrefs(data.kinds);
  return (
    <section className="zl-member-section" aria-label="通知设置">
      <h2>通知设置</h2>
      <p>
        选择哪些事项除站内消息外，还通过短信{data.wechatEnabled ? '或微信服务号' : ''}
        通知您。短信只含项目编号，不含金额和内容；22:00–08:00 不发送，次日 8:00 补发。
        {data.wechatEnabled && !data.wechatBound && ' 绑定微信后可接收微信通知。'}
      </p>
      <div className="zl-notify-list">
        {NOTICE_KINDS.map((k) => (
          <div key={k} className="zl-notify-row">
            <span id={`zl-notify-${k}`}>{noticeKindLabels[k]}</span>
            <Radio.Group
              aria-labelledby={`zl-notify-${k}`}
              size="small"
              optionType="button"
              value={kinds[k] === 'wechat' && !data.wechatEnabled ? 'sms' : kinds[k]}
              disabled={save.isPending}
              options={levels.map((l) => ({ value: l, label: noticeLevelLabels[l] }))}
              onChange={(e) => save.mutate({ kinds: { [k]: e.target.value } })}
            />
          </div>
        ))}
        <div className="zl-notify-row">
          <label htmlFor="zl-message-sms">项目消息短信提醒</label>
          <Switch
            id="zl-message-sms"
            checked={data.messageSms}
            loading={save.isPending}
            disabled={save.isPending}
            onChange={(on) => save.mutate({ messageSms: on })}
          />
        </div>
      </div>
      <p style={{ marginTop: 8 }}>
        项目消息短信提醒：会话中的新消息 10 分钟未读时，发送一条不含内容的短信，每个会话每小时最多一条。
      </p>
    </section>
  );
}

/**
 * /personCenter/securitySetting (and /customer/securitySetting): login password, bindings, and for a
 * supplier the pay password + payout account of its withdrawals.
 */
export default function SecuritySettingPage() {
  const { data: user } = useUserInfo();
  if (!user) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <div>
      <h1 className="zl-member-title">账号安全</h1>
      <section className="zl-member-section">
        <h2>账号绑定</h2>
        <div className="zl-bind-list">
          <div>
            <span>手机号</span>
            <span>
              {maskMobile(user.mobile)} <Tag color="success">已绑定</Tag>
            </span>
          </div>
          <div>
            <span>微信</span>
            <span>{user.bindwx ? <Tag color="success">已绑定</Tag> : <Tag>未绑定</Tag>}</span>
          </div>
        </div>
        {!user.bindwx && <p style={{ marginTop: 8 }}>在登录页使用微信扫码登录并验证手机号，即可绑定微信。</p>}
      </section>
      <section className="zl-member-section">
        <h2>修改登录密码</h2>
        <p>修改后，其他设备上的登录会自动退出。</p>
        <ChangePasswordForm />
      </section>
      <NotifySettings />
      {user.cardtype === 'customer' ? (
        // docs/withdrawals.md "Who may withdraw": refunds go back to the customer's Alipay payment
        <section className="zl-member-section">
          <h2>支付密码</h2>
          <p>参展商账号无需支付密码：预付款通过支付宝支付，退款按原路退回您的支付宝，不经平台提现。</p>
        </section>
      ) : (
        <section className="zl-member-section">
          <h2>
            支付密码与收款账户{' '}
            {user.ispaycode ? <Tag color="success">已设置</Tag> : <Tag color="warning">未设置</Tag>}
          </h2>
          <p>提现时需要输入 6 位支付密码，提现款项将打入下方收款账户。</p>
          <PaymentForm key={String(user.ispaycode)} user={user} />
        </section>
      )}
    </div>
  );
}
