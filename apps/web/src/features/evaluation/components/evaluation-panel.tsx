import { EVALUATION_RULES, type ProjectEvaluations } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Rate from 'antd/es/rate';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { formatTime } from '../../../lib/time.ts';
import { EvaluationCard } from './evaluation-card.tsx';
import { EvaluationPictures } from './picture-list.tsx';
import '../evaluation.css';
import { useEvaluationItem, useSubmitEvaluation } from '../api/project-evaluations.ts';

type Side = 'supplier' | 'customer';
interface Values {
  score?: number;
  quality?: number;
  service?: number;
  punctuality?: number;
  content: string;
  pictures: string[];
}

const MARKS: Record<Side, Array<{ name: keyof Values; label: string }>> = {
  supplier: [{ name: 'score', label: '综合评分' }],
  customer: [
    { name: 'quality', label: '搭建质量' },
    { name: 'service', label: '服务态度' },
    { name: 'punctuality', label: '准时交付' },
  ],
};

function EvaluationForm({
  side,
  projectId,
  data,
  edit,
  onDone,
}: {
  side: Side;
  projectId: number;
  data: ProjectEvaluations;
  edit: boolean;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const submit = useSubmitEvaluation(side, edit);
  const m = edit ? data.mine : null;
  const initial: Partial<Values> = m
    ? {
        ...(side === 'supplier'
          ? { score: m.score ?? undefined }
          : {
              quality: m.quality ?? undefined,
              service: m.service ?? undefined,
              punctuality: m.punctuality ?? undefined,
            }),
        content: m.content,
        pictures: m.pictures.map((p) => p.id),
      }
    : { pictures: [] };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      className="zl-eval-form"
      onFinish={(v) =>
        submit.mutate({ id: projectId, ...v, pictures: v.pictures ?? [] } as never, {
          onSuccess: onDone,
          onError: (err) => reportSubmitError(form, err),
        })
      }
    >
      {MARKS[side].map((mk) => (
        <Form.Item
          key={mk.name}
          name={mk.name}
          label={mk.label}
          rules={[{ required: true, message: `请为${mk.label}打分` }]}
        >
          <Rate aria-label={mk.label} />
        </Form.Item>
      ))}
      <TextAreaItem
        name="content"
        label="评价内容"
        rows={4}
        maxLength={EVALUATION_RULES.contentMax}
        placeholder={side === 'supplier' ? '说说与这位参展商合作的感受' : '说说搭建质量、服务与工期'}
        rules={[
          { required: true, whitespace: true, message: '请输入评价内容' },
          { min: EVALUATION_RULES.contentMin, message: `评价内容至少 ${EVALUATION_RULES.contentMin} 个字` },
        ]}
      />
      <Form.Item name="pictures" label={`图片（选填，最多 ${EVALUATION_RULES.maxPictures} 张）`}>
        <EvaluationPictures />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {edit ? '保存修改' : '提交评价'}
      </Button>
      {edit && (
        <Button style={{ marginLeft: 8 }} onClick={onDone}>
          取消
        </Button>
      )}
    </Form>
  );
}

/**
 * The evaluations of a completed project on the winner's order detail (`side` supplier: 评价参展商)
 * or, `bare` inside its card, the customer's project page (`side` customer: 评价供应商), double-blind
 * (docs/delivery-evaluation.md).
 */
export function EvaluationPanel({
  side,
  projectId,
  bare = false,
}: {
  side: Side;
  projectId: number;
  bare?: boolean;
}) {
  const { data, isLoading, error } = useEvaluationItem(side, projectId);
  const [editing, setEditing] = useState(false);
  const title = side === 'supplier' ? '评价参展商' : '评价供应商';
  if (isLoading) return <Skeleton active />;
  if (error || !data) return null;
  const theirsTitle = side === 'supplier' ? '参展商对我的评价' : '供应商对我的评价';
  return (
    <section className={`zl-panel zl-eval-panel${bare ? ' zl-eval-bare' : ''}`} aria-label={title}>
      <h2>{title}</h2>
      <p className="zl-eval-muted">
        验收完成后 14 天内双方可互评一次，截止 {formatTime(data.deadline)}；双方都评价后（或到期后）同时公开。
      </p>
      {data.mine && !editing && (
        <EvaluationCard
          e={data.mine}
          title="我的评价"
          extra={
            data.canEdit && (
              <Button size="small" onClick={() => setEditing(true)}>
                修改评价
              </Button>
            )
          }
        />
      )}
      {data.mine?.changeRequested && data.canEdit && !editing && (
        <Alert type="warning" showIcon message="对方申请您修改评价，可修改一次" />
      )}
      {(editing || (!data.mine && data.canSubmit)) && (
        <EvaluationForm
          side={side}
          projectId={projectId}
          data={data}
          edit={Boolean(data.mine)}
          onDone={() => setEditing(false)}
        />
      )}
      {!data.mine && !data.canSubmit && <Alert type="info" showIcon message="评价期已结束" />}
      <h3 className="zl-eval-sub">{theirsTitle}</h3>
      {data.theirs ? <EvaluationCard e={data.theirs} /> : <p className="zl-eval-muted">对方尚未评价</p>}
    </section>
  );
}
