import type { DeliveryStepView } from '@zl/shared';
import Tag from 'antd/es/tag';
import { Link } from 'react-router';

/** A won project's row in 我的项目: where it is and the supplier's one next action. */
export function DeliveryNext({ step }: { step: DeliveryStepView }) {
  return (
    <small className="zl-dl-row-step" data-testid="delivery-next">
      <Tag color="processing">{step.label}</Tag>
      {step.next.href ? <Link to={step.next.href}>{step.next.label}</Link> : <span>{step.next.label}</span>}
    </small>
  );
}
