import type { EvaluationView } from '@zl/shared';
import Button from 'antd/es/button';
import Form, { type FormItemProps } from 'antd/es/form';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { reportFormError } from '../../../lib/form-errors.ts';
import { EvaluationCard } from './evaluation-card.tsx';
import '../evaluation.css';
import { useReceivedEvaluation } from '../api/received-evaluation.ts';

export const idParam = (params: URLSearchParams) => {
  const n = Number(params.get('id'));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

interface ReceivedEvaluationFormProps {
  heading: string;
  /** why the form is not offered (already used, not yet public), or null to offer it */
  closed: (e: EvaluationView) => string | null;
  /** the one text field the form sends */
  field: {
    name: string;
    label: string;
    maxLength: number;
    placeholder: string;
    rules: FormItemProps['rules'];
  };
  submitText: string;
  pending: boolean;
  send: (id: number, text: string, on: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}

/**
 * The page of one received evaluation (?id=) with a one-time text form under its card: the
 * supplier's reply and its request for a change. Back to the list once it is sent.
 */
export function ReceivedEvaluationForm({
  heading,
  closed,
  field,
  submitText,
  pending,
  send,
}: ReceivedEvaluationFormProps) {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const { data: e, isLoading, error } = useReceivedEvaluation(id);
  const [form] = Form.useForm<Record<string, string>>();
  if (isLoading) return <Skeleton active />;
  if (!e || error)
    return (
      <Result
        status="404"
        title="评价不存在"
        extra={<Link to="/personCenter/evaluateList">返回我的评价</Link>}
      />
    );
  const closedText = closed(e);
  return (
    <div className="zl-eval-page">
      <h2>{heading}</h2>
      <EvaluationCard e={e} title={e.projectTitle} />
      {closedText !== null ? (
        <p className="zl-eval-muted">{closedText}</p>
      ) : (
        <Form
          form={form}
          layout="vertical"
          className="zl-eval-form"
          onFinish={(v) =>
            send(id, v[field.name] ?? '', {
              onSuccess: () => navigate('/personCenter/evaluateList'),
              onError: (err) => reportFormError(form, err),
            })
          }
        >
          <TextAreaItem
            name={field.name}
            label={field.label}
            rows={4}
            maxLength={field.maxLength}
            placeholder={field.placeholder}
            rules={field.rules}
          />
          <Button type="primary" htmlType="submit" loading={pending}>
            {submitText}
          </Button>
        </Form>
      )}
    </div>
  );
}
