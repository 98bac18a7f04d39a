import { stageKindLabels } from '@zl/shared';
import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import { PayPlanView } from '../../../components/project/pay-plan-view.tsx';
import { formatFen } from '../../../lib/money.ts';
import { usePayPlan } from '../../../lib/pay-plan.ts';
import { formatTime } from '../../../lib/time.ts';

/**
 * 付款计划 on the winner's order detail (docs/staged-escrow.md), read-only: what the customer has
 * put in escrow, what has been released to the supplier, what is still due and what is overdue
 * (「尾款逾期未付」), stage by stage. Nothing to press: paying and 确认进场 are the customer's.
 */
export function WinnerStages({ projectId }: { projectId: number }) {
  const { data: plan, isPending, error } = usePayPlan(projectId);
  if (isPending) return <Skeleton active className="zl-panel" />;
  if (error || !plan || plan.stages.length === 0) return null;
  const overdue = plan.stages.filter((s) => s.overdue);
  return (
    <section className="zl-panel zl-od-stages" id="stages" aria-label="付款计划">
      <h2>付款计划</h2>
      {plan.complaintOpen && <Alert type="warning" showIcon title="投诉处理中，托管款已冻结" />}
      {overdue.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={`${[...new Set(overdue.map((s) => stageKindLabels[s.kind]))].join('、')}逾期未付（${formatFen(
            plan.escrow.overdue,
          )}），平台已提醒参展商支付`}
        />
      )}
      <PayPlanView plan={plan} side="supplier" />
      <p className="zl-od-muted zl-od-stages-note">
        {plan.buildInConfirmed
          ? '参展商已确认进场。'
          : `进场开始于 ${formatTime(plan.buildInStart)}；参展商确认进场后（进场开始一天后未确认的由系统确认），托管中的预付款和进场款结算给您。`}
        已结算金额含平台佣金，实收以收支明细为准。
      </p>
    </section>
  );
}
