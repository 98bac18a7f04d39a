import { EVALUATION_RULES } from '@zl/shared';
import { useRequestChange } from '../api/received-evaluation.ts';
import { ReceivedEvaluationForm } from '../components/received-evaluation-form.tsx';

/** /personCenter/evaluateChange?id= 申请修改评价: once per evaluation; the customer may then edit once. */
export default function EvaluateChangePage() {
  const change = useRequestChange();
  return (
    <ReceivedEvaluationForm
      heading="申请修改评价"
      closed={(e) =>
        e.changeRequested
          ? '已申请修改，每条评价只能申请一次。'
          : !e.revealed
            ? '评价公开后才能申请修改。'
            : null
      }
      field={{
        name: 'reason',
        label: '申请理由（参展商收到后可修改该评价一次）',
        maxLength: EVALUATION_RULES.reasonMax,
        placeholder: '说明希望参展商修改的原因',
        rules: [
          { required: true, whitespace: true, message: '请输入申请理由' },
          { min: 2, message: '申请理由至少 2 个字' },
        ],
      }}
      submitText="提交申请"
      pending={change.isPending}
      send={(id, reason, on) => change.mutate({ id, reason }, on)}
    />
  );
}
