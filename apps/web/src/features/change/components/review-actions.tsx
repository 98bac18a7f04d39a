import {
  CHANGE_REVIEW_REASON_MAX,
  type ChangeOrder,
  changeOrderReviewSchema,
  stageKindLabels,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { formatFen } from '../../../lib/money.ts';
import { usePayPlan } from '../../../lib/pay-plan.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useRefreshChangeOrders, useReviewChangeOrder } from '../api/change-orders.ts';

/** The refusals that say the order or the project moved on: shown in the dialog, the list read again. */
const STATE_CODES = new Set(['INVALID_STATE', 'ACCEPTANCE_FROZEN', 'NOT_FOUND']);

interface Props {
  projectId: number;
  order: ChangeOrder;
  /** the contract amount now (null before the stages exist) */
  contractAmount: number | null;
  open: boolean;
  onClose: () => void;
}

/** What an approval does, in the customer's words: the contract amount, the stages, a refund. */
function ApproveText({ projectId, order: o, contractAmount }: Omit<Props, 'open' | 'onClose'>) {
  const { data: plan } = usePayPlan(projectId);
  const after = contractAmount === null ? null : contractAmount + (o.kind === 'add' ? o.amount : -o.amount);
  const next = plan?.stages.find((s) => s.status === 'due');
  return (
    <div className="zl-chg-confirm">
      {after !== null && contractAmount !== null && (
        <p className="zl-chg-confirm-sum">
          合同金额 <span className="zl-chg-amount">{formatFen(contractAmount)}</span> →{' '}
          <b className="zl-chg-amount">{formatFen(after)}</b>
          <span className="zl-chg-muted zl-chg-amount">
            （{o.kind === 'add' ? '增加' : '减少'} {formatFen(o.amount)}）
          </span>
        </p>
      )}
      {o.kind === 'add' ? (
        <p>
          {next
            ? `增加的 ${formatFen(o.amount)} 计入下一笔待付款项「${stageKindLabels[next.kind]}」（${formatFen(next.amount)} → ${formatFen(next.amount + o.amount)}），按付款计划支付。`
            : plan
              ? `各期款项均已支付：将新增一笔「增项款」${formatFen(o.amount)}，同意后即可在付款计划中支付。`
              : `增加的 ${formatFen(o.amount)} 计入下一笔待付款项；没有待付款项时，新增一笔「增项款」，同意后即可支付。`}
        </p>
      ) : (
        <p>
          减少的 {formatFen(o.amount)} 从最后尚未结算给供应商的款项中扣减：还没支付的部分不再需要支付；
          已支付、超出变更后合同金额的部分，将原路退回您的原支付账户。
        </p>
      )}
      <p className="zl-chg-muted">同意后生成补充协议，双方可下载。此操作不可撤回。</p>
    </div>
  );
}

/** 同意: says what will happen first, then sends Customer/changeOrderReview once. */
function ApproveModal({ projectId, order: o, contractAmount, open, onClose }: Props) {
  const review = useReviewChangeOrder();
  const refresh = useRefreshChangeOrders();
  const once = useSubmitOnce();
  const [problem, setProblem] = useState('');
  const close = () => {
    setProblem('');
    onClose();
  };
  const onOk = () =>
    once.run(async () => {
      setProblem('');
      try {
        const r = await review.mutateAsync({ id: projectId, orderId: o.id, approve: true });
        close();
        const refunded = r.order.refunded;
        withFeedback((f) =>
          f.message.success(
            refunded > 0
              ? `已同意变更单 ${o.seq}，${formatFen(refunded)} ${r.refundSent ? '将原路退回您的支付账户' : '的退款正在处理，稍后原路退回'}`
              : `已同意变更单 ${o.seq}${r.contractAmount === null ? '' : `，合同金额调整为 ${formatFen(r.contractAmount)}`}`,
          ),
        );
      } catch (err) {
        if (isBizError(err) && STATE_CODES.has(err.code)) {
          setProblem(err.message);
          void refresh(projectId);
        } else handleError(err);
      }
    });
  return (
    <Modal
      open={open}
      title={`同意变更单 ${o.seq}（${o.kindText} ${formatFen(o.amount)}）？`}
      okText="同意变更"
      cancelText="再看看"
      confirmLoading={once.busy}
      onOk={() => void onOk()}
      onCancel={close}
      destroyOnHidden
    >
      <ApproveText projectId={projectId} order={o} contractAmount={contractAmount} />
      {problem && <Alert type="error" showIcon title={problem} className="zl-chg-problem" />}
    </Modal>
  );
}

const reasonRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    if ((value ?? '').trim().length < 2) throw new Error('请填写拒绝原因（至少 2 个字）');
  },
};

/** 拒绝 with the reason the supplier reads (2–200 characters). */
function RejectModal({ projectId, order: o, open, onClose }: Omit<Props, 'contractAmount'>) {
  const [form] = Form.useForm<{ reason: string }>();
  const review = useReviewChangeOrder();
  const refresh = useRefreshChangeOrders();
  const once = useSubmitOnce();
  const [problem, setProblem] = useState('');
  const close = () => {
    setProblem('');
    onClose();
  };
  const onOk = () =>
    once.run(async () => {
      setProblem('');
      let v: { reason: string };
      try {
        v = await form.validateFields();
      } catch {
        return;
      }
      try {
        await review.mutateAsync({
          id: projectId,
          orderId: o.id,
          approve: false,
          reason: (v.reason ?? '').trim(),
        });
        close();
        withFeedback((f) => f.message.success(`已拒绝变更单 ${o.seq}，供应商会收到通知`));
      } catch (err) {
        const reason = isBizError(err)
          ? (err.data as { fields?: { reason?: unknown } } | null)?.fields?.reason
          : null;
        if (typeof reason === 'string') form.setFields([{ name: 'reason', errors: [reason] }]);
        else if (isBizError(err) && STATE_CODES.has(err.code)) {
          setProblem(err.message);
          void refresh(projectId);
        } else handleError(err);
      }
    });
  return (
    <Modal
      open={open}
      title={`拒绝变更单 ${o.seq}（${o.kindText} ${formatFen(o.amount)}）`}
      okText="确认拒绝"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: once.busy }}
      onOk={() => void onOk()}
      onCancel={close}
      destroyOnHidden
    >
      <p className="zl-chg-muted">拒绝后合同金额不变，供应商会看到原因，可修改后重新提出。</p>
      <Form<{ reason: string }>
        form={form}
        name={`change-reject-${o.id}`}
        layout="vertical"
        preserve={false}
        initialValues={{ reason: '' }}
      >
        <TextAreaItem
          name="reason"
          label="拒绝原因"
          required
          rows={3}
          maxLength={CHANGE_REVIEW_REASON_MAX}
          placeholder="如：加高背板不在原设计范围内，请先与我们沟通方案"
          rules={[reasonRule, zodRule(changeOrderReviewSchema.shape.reason)]}
        />
      </Form>
      {problem && <Alert type="error" showIcon title={problem} className="zl-chg-problem" />}
    </Modal>
  );
}

/** A pending order's two answers, for the project's customer: 同意 and 拒绝. */
export function ReviewActions({ projectId, order, contractAmount }: Omit<Props, 'open' | 'onClose'>) {
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="zl-chg-actions">
      <Button type="primary" onClick={() => setOpen('approve')}>
        同意
      </Button>
      <Button danger onClick={() => setOpen('reject')}>
        拒绝
      </Button>
      <ApproveModal
        projectId={projectId}
        order={order}
        contractAmount={contractAmount}
        open={open === 'approve'}
        onClose={close}
      />
      <RejectModal projectId={projectId} order={order} open={open === 'reject'} onClose={close} />
    </div>
  );
}
