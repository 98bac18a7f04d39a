import { EVALUATION_RULES } from '@zl/shared';
import { useReplyEvaluation } from '../api/received-evaluation.ts';
import { ReceivedEvaluationForm } from '../components/received-evaluation-form.tsx';

/** /personCenter/evaluateEdit?id= 回复评价: the supplier's one public reply. */
export default function EvaluateEditPage() {
  const reply = useReplyEvaluation();
  return (
    <ReceivedEvaluationForm
      heading="回复评价"
      closed={(e) =>
        e.reply ? '已回复，每条评价只能回复一次。' : !e.revealed ? '评价公开后才能回复。' : null
      }
      field={{
        name: 'content',
        label: '回复内容（公开显示，只能回复一次）',
        maxLength: EVALUATION_RULES.replyMax,
        placeholder: '感谢参展商的评价…',
        rules: [
          { required: true, whitespace: true, message: '请输入回复内容' },
          { min: 2, message: '回复内容至少 2 个字' },
        ],
      }}
      submitText="提交回复"
      pending={reply.isPending}
      send={(id, content, on) => reply.mutate({ id, content }, on)}
    />
  );
}
