import AlipayCircleOutlined from '@ant-design/icons/AlipayCircleOutlined';
import { type PayPlanResult, type PayStage, PROJECT_STATUS, stageKindLabels } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { PayPlanView } from '../../../components/project/pay-plan-view.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { formatFen } from '../../../lib/money.ts';
import { usePayPlan } from '../../../lib/pay-plan.ts';
import { formatTime } from '../../../lib/time.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { usePay } from '../api/payment.ts';
import { useConfirmBuildIn } from '../api/stages.ts';
import { payMode } from '../lib/pay-mode.ts';
import '../payment.css';

/** 确认进场 is offered: the crew may be on site (施工中, 待验收), not confirmed yet, no complaint open. */
export function buildInConfirmable(status: number, plan: PayPlanResult): boolean {
  return (
    (status === PROJECT_STATUS.BUILDING || status === PROJECT_STATUS.ACCEPTING) &&
    !plan.buildInConfirmed &&
    !plan.complaintOpen
  );
}

/** What the 确认进场 dialog says goes to the supplier: the 预付款 and 进场款 held now. */
function buildInText(plan: PayPlanResult): string {
  const early = plan.stages.filter((s) => s.kind === 'prepay' || s.kind === 'progress');
  const held = early.filter((s) => s.status === 'paid');
  const parts = held.map((s) => `${stageKindLabels[s.kind]} ${formatFen(s.amount)}`);
  const now = parts.length
    ? `托管中的${parts.join('和')}将结算给供应商（扣除平台佣金）`
    : '目前没有托管中的预付款或进场款';
  const later = early.some((s) => s.kind === 'progress' && s.status === 'due')
    ? '；进场款支付后将直接结算给供应商'
    : '';
  return `请在供应商已进场施工后确认。确认后，${now}${later}。此操作不可撤回。`;
}

/**
 * 付款计划 on the customer's project page (`#stages`, docs/staged-escrow.md), from the award on:
 * the contract amount, the stages with their status, the escrow's sums, 支付 on the stage that may
 * be paid now (to the 收银台, as the prepayment: the browser comes back to this page and
 * PrepayPanel shows the result), and 确认进场 once the crew may be on site.
 */
export function StagePanel({ project }: { project: { id: number; status: number } }) {
  const shown = project.status >= PROJECT_STATUS.AWARDED;
  const { data: plan, isPending, error } = usePayPlan(project.id, shown);
  const pay = usePay();
  const confirm = useConfirmBuildIn();
  const once = useSubmitOnce();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!shown) return null;
  if (isPending) return <Skeleton active className="zl-panel" />;
  if (error || !plan || plan.stages.length === 0) return null;

  const mode = payMode();
  const next = plan.stages.find((s) => s.payable);
  const confirmable = buildInConfirmable(project.status, plan);

  const confirmBuildIn = () =>
    once.run(async () => {
      setRefusal(null);
      try {
        const r = await confirm.mutateAsync(project.id);
        setAsking(false);
        withFeedback((f) =>
          f.message.success(
            r.released > 0 ? `已确认进场，${formatFen(r.released)} 已结算给供应商` : '已确认进场',
          ),
        );
      } catch (err) {
        setAsking(false);
        if (isBizError(err) && (err.code === 'INVALID_STATE' || err.code === 'ACCEPTANCE_FROZEN')) {
          setRefusal(err.message);
        } else handleError(err);
      }
    });

  const payButton = (s: PayStage) =>
    s.payable ? (
      <Button
        type="primary"
        icon={<AlipayCircleOutlined />}
        loading={pay.busy}
        disabled={mode === 'off'}
        onClick={() => pay.start({ purpose: 'stage', id: project.id, stage: s.id })}
        aria-label={`支付${stageKindLabels[s.kind]} ${formatFen(s.amount)}`}
      >
        支付
      </Button>
    ) : null;

  return (
    <section className="zl-panel zl-pay-stages" id="stages" aria-label="付款计划">
      <div className="zl-pay-stages-head">
        <h2>付款计划</h2>
        {next && mode === 'sandbox' && <Tag color="orange">支付宝沙箱，不产生真实扣款</Tag>}
      </div>
      {plan.complaintOpen && <Alert type="warning" showIcon title="投诉处理中，托管款已冻结" />}
      {/* the prepayment's notice is PrepayPanel's (#prepay) at the top of the page */}
      {next && next.kind !== 'prepay' && (
        <Alert
          type={next.overdue ? 'error' : 'info'}
          showIcon
          title={`${next.overdue ? '已逾期：' : ''}请支付${stageKindLabels[next.kind]} ${formatFen(next.amount)}（应付时间 ${formatTime(next.due)}）`}
          description={`支付后由平台托管，${next.releaseRule}`}
        />
      )}
      {refusal && <Alert type="error" showIcon title={refusal} />}
      <PayPlanView plan={plan} side="customer" action={payButton} />
      {confirmable && (
        <div className="zl-pay-buildin">
          <div>
            <b>供应商已进场施工？</b>
            <p className="zl-pay-muted">
              {`进场开始时间 ${formatTime(plan.buildInStart)}。确认进场后，托管中的预付款和进场款结算给供应商；进场开始一天后仍未确认的，系统将自动确认。`}
            </p>
          </div>
          <Button type="primary" onClick={() => setAsking(true)}>
            确认进场
          </Button>
        </div>
      )}
      {plan.buildInConfirmed &&
        (project.status === PROJECT_STATUS.BUILDING || project.status === PROJECT_STATUS.ACCEPTING) && (
          <p className="zl-pay-muted">已确认进场</p>
        )}
      <Modal
        open={asking}
        title="确认供应商已进场？"
        okText="确认进场"
        cancelText="再看看"
        confirmLoading={once.busy}
        onOk={() => void confirmBuildIn()}
        onCancel={() => setAsking(false)}
      >
        <p>{buildInText(plan)}</p>
      </Modal>
    </section>
  );
}
