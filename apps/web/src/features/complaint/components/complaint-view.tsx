import { COMPLAINT_RULES, type ComplaintDetail, complainEditSchema } from '@zl/shared';
import '../complaint.css';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { formatFen } from '../../../lib/money.ts';
import { formatTime } from '../../../lib/time.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useComplainEdit } from '../api/complaint.ts';
import { EvidenceList, EvidenceUpload } from './evidence.tsx';

const STATE_COLOR: Record<ComplaintDetail['state'], string> = {
  open: 'orange',
  answered: 'blue',
  ruled: 'default',
};

export function ComplaintStateTag({ state, text }: { state: ComplaintDetail['state']; text: string }) {
  return <Tag color={STATE_COLOR[state]}>{text}</Tag>;
}

/** The operator's ruling as both parties see it. */
export function RulingCard({ c }: { c: ComplaintDetail }) {
  if (!c.ruling) return null;
  const r = c.ruling;
  const split = r.decision === 'split';
  return (
    <Alert
      type={split ? 'warning' : 'info'}
      showIcon
      className="zl-complaint-alert"
      data-testid="complaint-ruling"
      title={`平台裁决：${r.decisionText}（${formatTime(r.ruledAt)}）`}
      description={
        <div>
          <p className="zl-complaint-text">{r.reason}</p>
          {split && (
            <p>
              退还参展商 {formatFen(r.refundFen)}；结算给供应商 {formatFen(r.releasedFen - r.commissionFen)}
              （平台佣金 {formatFen(r.commissionFen)}）；项目已关闭。
            </p>
          )}
        </div>
      }
    />
  );
}

/** A statement (the complaint or the answer) with its evidence. */
function Statement(props: {
  title: string;
  who: string;
  text: string;
  files: ComplaintDetail['files'];
  at: string | null;
}) {
  return (
    <section className="zl-complaint-stmt">
      <h3>
        {props.title} <span className="zl-muted">{props.who}</span>
        {props.at && <span className="zl-muted"> · {formatTime(props.at)}</span>}
      </h3>
      <p className="zl-complaint-text">{props.text}</p>
      <EvidenceList files={props.files} />
    </section>
  );
}

function StatementForm({
  c,
  mode,
  onDone,
}: {
  c: ComplaintDetail;
  mode: 'edit' | 'answer';
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ content: string; files: string[] }>();
  const edit = useComplainEdit();
  const initial =
    mode === 'edit'
      ? { content: c.content, files: c.files.map((f) => f.id) }
      : { content: c.answer, files: c.answerFiles.map((f) => f.id) };
  const known = mode === 'edit' ? c.files : c.answerFiles;
  async function submit(v: { content: string; files: string[] }) {
    try {
      await edit.mutateAsync({ id: c.id, content: v.content, files: v.files ?? [] });
      withFeedback((f) => f.message.success(mode === 'edit' ? '投诉已修改' : '答复已提交'));
      onDone();
    } catch (err) {
      reportSubmitError(form, err);
    }
  }
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      data-testid={`complaint-${mode}-form`}
    >
      <Form.Item
        name="content"
        label={mode === 'edit' ? '投诉内容' : '答复陈述'}
        rules={[zodRule(complainEditSchema.shape.content)]}
      >
        <Input.TextArea
          rows={5}
          showCount
          maxLength={COMPLAINT_RULES.contentMax}
          placeholder={mode === 'answer' ? '请说明事实与您的处理情况（10–1000 字）' : undefined}
        />
      </Form.Item>
      <Form.Item name="files" label={`证据（最多 ${COMPLAINT_RULES.filesMax} 个）`}>
        <EvidenceUpload known={known} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={edit.isPending}>
        {mode === 'edit' ? '保存修改' : c.answer ? '更新答复' : '提交答复'}
      </Button>
    </Form>
  );
}

/** 投诉详情 for a party: both statements, evidence, state, the ruling, and what the caller may do. */
export function ComplaintView({ c }: { c: ComplaintDetail }) {
  const [editing, setEditing] = useState(false);
  const overdue = c.state === 'open' && Date.parse(c.answerDue) < Date.now();
  return (
    <div className="zl-complaint">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'p', label: '项目', children: `${c.projectTitle}（${c.orders}）` },
          { key: 't', label: '投诉类型', children: c.type },
          { key: 's', label: '状态', children: <ComplaintStateTag state={c.state} text={c.stateText} /> },
          { key: 'c', label: '投诉时间', children: formatTime(c.created) },
          {
            key: 'who',
            label: '投诉方 / 被投诉方',
            children: `${c.complainant.sideText} ${c.complainant.name} / ${c.respondent.sideText} ${c.respondent.name}`,
          },
          {
            key: 'due',
            label: '答复期限',
            children: (
              <span className={overdue ? 'zl-track-bad' : undefined}>
                {formatTime(c.answerDue)}
                {overdue ? '（已逾期）' : ''}
              </span>
            ),
          },
        ]}
      />
      <RulingCard c={c} />
      {editing && c.canEdit ? (
        <StatementForm c={c} mode="edit" onDone={() => setEditing(false)} />
      ) : (
        <Statement
          title="投诉内容"
          who={`${c.complainant.sideText} ${c.complainant.name}`}
          text={c.content}
          files={c.files}
          at={c.created}
        />
      )}
      {c.canEdit && !editing && (
        <Button onClick={() => setEditing(true)} data-testid="complaint-edit">
          修改投诉
        </Button>
      )}
      {c.answer ? (
        <Statement
          title="答复陈述"
          who={`${c.respondent.sideText} ${c.respondent.name}`}
          text={c.answer}
          files={c.answerFiles}
          at={c.answeredAt}
        />
      ) : (
        <section className="zl-complaint-stmt">
          <h3>答复陈述</h3>
          <p className="zl-muted">被投诉方尚未答复（应在 {formatTime(c.answerDue)} 前答复）</p>
        </section>
      )}
      {c.canAnswer && (
        <section className="zl-complaint-stmt">
          <h3>{c.answer ? '修改答复' : '提交答复'}</h3>
          <StatementForm c={c} mode="answer" onDone={() => {}} />
        </section>
      )}
    </div>
  );
}
