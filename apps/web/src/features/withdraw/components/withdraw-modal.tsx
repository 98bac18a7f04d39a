import { type UserInfo, WITHDRAW_RULES, withdrawNewSchema } from '@zl/shared';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { Link } from 'react-router';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportFormError, submitValidated } from '../../../lib/form-errors.ts';
import { formatFen, isNegativeAmount, parseYuanToFen } from '../../../lib/money.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useWithdrawNew } from '../api/withdraw.ts';

interface Values {
  amount: string;
  paypwd: string;
}

const PAYOUT_TYPE: Record<string, string> = { alipay: '支付宝', bank: '银行卡' };

/** The amount typed in ¥ (two decimals at most) checked as the server will check its 分. */
function amountRule(cash: number) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const text = (value ?? '').trim();
      if (!text) throw new Error('请输入提现金额');
      if (isNegativeAmount(text)) throw new Error('提现金额不能为负数');
      const fen = parseYuanToFen(text);
      if (fen === null) throw new Error('请输入正确的金额，最多两位小数');
      if (fen < WITHDRAW_RULES.minFen) throw new Error(`最低提现 ${formatFen(WITHDRAW_RULES.minFen)}`);
      if (fen > cash) throw new Error(`超出可提现余额 ${formatFen(cash)}`);
    },
  };
}

/** 提现: amount in ¥, the pay password, the masked payout account and the rules. */
export function WithdrawModal(props: {
  open: boolean;
  onClose: () => void;
  user: UserInfo;
  cash: number;
  today: number;
}) {
  const [form] = Form.useForm<Values>();
  const submit = useWithdrawNew();
  const once = useSubmitOnce();
  const { user, cash, today } = props;
  const left = Math.max(0, WITHDRAW_RULES.dailyLimit - today);
  // an account set before the payee had to be a verified name (docs/withdrawals.md "The payee")
  const payeeOk = user.payees.includes(user.payout?.name ?? '');

  const onOk = () =>
    once.run(() =>
      submitValidated(
        form,
        async (v) => {
          const amount = parseYuanToFen(v.amount)!;
          await submit.mutateAsync({ amount, paypwd: v.paypwd });
          withFeedback((f) => f.message.success(`已提交提现申请 ${formatFen(amount)}，请等待平台打款`));
          props.onClose();
        },
        (err) =>
          reportFormError(form, err, {
            PAYCODE_WRONG: 'paypwd',
            PAYCODE_LOCKED: 'paypwd',
            INSUFFICIENT_FUNDS: 'amount',
            WITHDRAW_DAILY_LIMIT: 'amount',
          }),
      ),
    );

  return (
    <Modal
      title="申请提现"
      open={props.open}
      okText="确认提现"
      okButtonProps={{ loading: once.busy, disabled: left === 0 || !payeeOk }}
      onOk={() => void onOk()}
      onCancel={props.onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <div className="zl-wd-payout">
        <span>到账账户</span>
        <b>
          {PAYOUT_TYPE[user.payout?.type ?? ''] ?? ''} {user.payout?.account}
          {user.payout?.name ? `（${user.payout.name}）` : ''}
        </b>
      </div>
      {!payeeOk && (
        <Alert
          type="warning"
          showIcon
          className="zl-wd-payee"
          title="收款人须与实名认证的姓名或企业名称一致"
          description={
            <>
              支付宝和银行会核对户名，请先<Link to="/personCenter/securitySetting">更新收款账户</Link>。
            </>
          }
        />
      )}
      <Form<Values> form={form} layout="vertical" preserve={false} requiredMark={false}>
        <Form.Item
          name="amount"
          label={`提现金额（可提现 ${formatFen(cash)}）`}
          rules={[amountRule(cash)]}
          extra={
            <button
              type="button"
              className="zl-wd-all"
              onClick={() => {
                form.setFieldValue('amount', formatFen(cash, { symbol: false }).replace(/,/g, ''));
                void form.validateFields(['amount']).catch(() => {});
              }}
            >
              全部提现
            </button>
          }
        >
          <Input prefix="¥" inputMode="decimal" placeholder="最低 10.00" maxLength={16} autoComplete="off" />
        </Form.Item>
        <Form.Item name="paypwd" label="支付密码" rules={[zodRule(withdrawNewSchema.shape.paypwd)]}>
          <Input.Password
            inputMode="numeric"
            maxLength={6}
            placeholder="6 位数字支付密码"
            autoComplete="off"
          />
        </Form.Item>
      </Form>
      <Alert
        type="info"
        showIcon
        title={`最低 ${formatFen(WITHDRAW_RULES.minFen)}，每日最多 ${WITHDRAW_RULES.dailyLimit} 次（今日还可申请 ${left} 次）`}
        description={`提交后金额将被冻结，平台审核打款后到账；支付密码连续输错 ${WITHDRAW_RULES.maxFailures} 次将锁定提现 ${WITHDRAW_RULES.lockMinutes} 分钟。`}
      />
    </Modal>
  );
}
