import { EVALUATION_RULES } from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { reportFormError } from '../../../lib/form-errors.ts';
import { useReceivedEvaluation, useReplyEvaluation } from '../api/evaluation.ts';
import { EvaluationCard } from '../components/evaluation-card.tsx';
import '../evaluation.css';

export const idParam = (params: URLSearchParams) => {
  const n = Number(params.get('id'));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** /personCenter/evaluateEdit?id= 回复评价: the supplier's one public reply. */
export default function EvaluateEditPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const { data: e, isLoading, error } = useReceivedEvaluation(id);
  const reply = useReplyEvaluation();
  const [form] = Form.useForm<{ content: string }>();
  if (isLoading) return <Skeleton active />;
  if (!e || error)
    return (
      <Result
        status="404"
        title="评价不存在"
        extra={<Link to="/personCenter/evaluateList">返回我的评价</Link>}
      />
    );
  return (
    <div className="zl-eval-page">
      <h2>回复评价</h2>
      <EvaluationCard e={e} title={e.projectTitle} />
      {e.reply ? (
        <p className="zl-eval-muted">已回复，每条评价只能回复一次。</p>
      ) : !e.revealed ? (
        <p className="zl-eval-muted">评价公开后才能回复。</p>
      ) : (
        <Form
          form={form}
          layout="vertical"
          className="zl-eval-form"
          onFinish={(v) =>
            reply.mutate(
              { id, content: v.content },
              {
                onSuccess: () => navigate('/personCenter/evaluateList'),
                onError: (err) => reportFormError(form, err),
              },
            )
          }
        >
          <TextAreaItem
            name="content"
            label="回复内容（公开显示，只能回复一次）"
            rows={4}
            maxLength={EVALUATION_RULES.replyMax}
            placeholder="感谢参展商的评价…"
            rules={[
              { required: true, whitespace: true, message: '请输入回复内容' },
              { min: 2, message: '回复内容至少 2 个字' },
            ]}
          />
          <Button type="primary" htmlType="submit" loading={reply.isPending}>
            提交回复
          </Button>
        </Form>
      )}
    </div>
  );
}
