import { EVALUATION_RULES } from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { reportFormError } from '../../../lib/form-errors.ts';
import { useReceivedEvaluation, useRequestChange } from '../api/evaluation.ts';
import { EvaluationCard } from '../components/evaluation-card.tsx';
import { idParam } from './evaluate-edit-page.tsx';
import '../evaluation.css';

/** /personCenter/evaluateChange?id= 申请修改评价: once per evaluation; the customer may then edit once. */
export default function EvaluateChangePage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const { data: e, isLoading, error } = useReceivedEvaluation(id);
  const change = useRequestChange();
  const [form] = Form.useForm<{ reason: string }>();
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
      <h2>申请修改评价</h2>
      <EvaluationCard e={e} title={e.projectTitle} />
      {e.changeRequested ? (
        <p className="zl-eval-muted">已申请修改，每条评价只能申请一次。</p>
      ) : !e.revealed ? (
        <p className="zl-eval-muted">评价公开后才能申请修改。</p>
      ) : (
        <Form
          form={form}
          layout="vertical"
          className="zl-eval-form"
          onFinish={(v) =>
            change.mutate(
              { id, reason: v.reason },
              {
                onSuccess: () => navigate('/personCenter/evaluateList'),
                onError: (err) => reportFormError(form, err),
              },
            )
          }
        >
          <TextAreaItem
            name="reason"
            label="申请理由（参展商收到后可修改该评价一次）"
            rows={4}
            maxLength={EVALUATION_RULES.reasonMax}
            placeholder="说明希望参展商修改的原因"
            rules={[
              { required: true, whitespace: true, message: '请输入申请理由' },
              { min: 2, message: '申请理由至少 2 个字' },
            ]}
          />
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            提交申请
          </Button>
        </Form>
      )}
    </div>
  );
}
