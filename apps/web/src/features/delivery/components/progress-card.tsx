import {
  type DeliveryFields,
  type DeliveryRole,
  deliveryMilestones,
  deliveryStep,
  type Milestone,
  PROJECT_STATUS,
} from '@zl/shared';
import Button from 'antd/es/button';
import Steps from 'antd/es/steps';
import Tag from 'antd/es/tag';
import { useLocation, useNavigate } from 'react-router';
import { dueStageOf, usePayPlan } from '../../../lib/pay-plan.ts';
import '../delivery.css';

function status(m: Milestone): 'finish' | 'error' | 'wait' {
  if (m.done) return 'finish';
  return m.overdue ? 'error' : 'wait';
}

/**
 * 进度 card: where the project is, the ONE next action of this party, and the dated milestones
 * (overdue ones in red). Computed by the shared deliveryStep/deliveryMilestones (docs/delivery-contract.md).
 */
export function ProgressCard({
  project,
  party,
  now,
}: {
  project: DeliveryFields & { id: number };
  party: DeliveryRole;
  now?: Date;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // an action on this very page (the customer's sections) scrolls to its section
  const go = (href: string) => {
    const [path, hash] = href.split('#');
    const here = path === location.pathname + location.search;
    const target = hash ? document.getElementById(hash) : null;
    if (here && target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else navigate(href);
  };
  // the payment plan's next stage due (进场款, 尾款 …) is the customer's action while building and
  // before the acceptance (docs/staged-escrow.md); the same query the 付款计划 section reads
  const live = project.status >= PROJECT_STATUS.BUILDING && project.status <= PROJECT_STATUS.ACCEPTING;
  const { data: plan } = usePayPlan(project.id, live);
  const step = deliveryStep({ ...project, dueStage: live ? dueStageOf(plan) : null });
  const action = step[party];
  const milestones = deliveryMilestones(project, now ?? new Date());
  const current = milestones.findIndex((m) => !m.done);
  return (
    <section className="zl-panel zl-dl-progress" data-testid="progress-card">
      <div className="zl-dl-progress-head">
        <h2>交付进度</h2>
        <Tag color="blue">{step.label}</Tag>
      </div>
      <div className="zl-dl-next">
        {action.href ? (
          <Button type="primary" onClick={() => action.href && go(action.href)}>
            {action.label}
          </Button>
        ) : (
          <span className="zl-dl-muted">{action.label}</span>
        )}
      </div>
      <Steps
        orientation="vertical"
        size="small"
        current={current === -1 ? milestones.length : current}
        items={milestones.map((m) => ({
          title: (
            <span className={m.overdue ? 'zl-dl-overdue' : undefined}>
              {m.label}
              {m.overdue && <Tag color="red">已逾期</Tag>}
            </span>
          ),
          content: [m.date, m.note].filter(Boolean).join(' · ') || undefined,
          status: status(m),
        }))}
      />
    </section>
  );
}
