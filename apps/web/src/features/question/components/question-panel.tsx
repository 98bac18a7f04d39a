import {
  maskContacts,
  maskNotice,
  type ProjectQuestion,
  QUESTION_MAX,
  QUESTION_PICTURES_MAX,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUploadList } from '../../../components/upload/file-upload-list.tsx';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { formatTime } from '../../../lib/time.ts';
import { useAnswerQuestion, useAskQuestion, useClarify, useQuestionList } from '../api/questions.ts';
import '../question.css';

type Side = 'supplier' | 'customer';

/** One form of the panel: a text (and for a question its pictures), sent once per submission. */
function TextForm({
  name,
  label,
  placeholder,
  button,
  pictures = false,
  busy,
  onSend,
}: {
  /** the form's name: its fields' ids (and so their labels) stay apart from the other forms' */
  name: string;
  label: string;
  placeholder: string;
  button: string;
  pictures?: boolean;
  /** the submission is on its way: the button waits (a second click sends nothing) */
  busy: boolean;
  onSend: (v: { content: string; pictures: string[] }) => Promise<unknown>;
}) {
  const [form] = Form.useForm<{ content: string; pictures: string[] }>();
  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      className="zl-qa-form"
      initialValues={{ content: '', pictures: [] }}
      onFinish={(v) =>
        !busy &&
        onSend({ content: v.content, pictures: v.pictures ?? [] })
          .then(() => form.resetFields())
          .catch((err) => reportSubmitError(form, err))
      }
    >
      <TextAreaItem
        name="content"
        label={label}
        rows={3}
        maxLength={QUESTION_MAX}
        placeholder={placeholder}
        rules={[{ required: true, whitespace: true, message: `请输入${label}` }]}
      />
      <MaskPreview form={form} />
      {pictures && (
        <Form.Item name="pictures" label={`图片（选填，最多 ${QUESTION_PICTURES_MAX} 张）`}>
          <FileUploadList purpose="project" max={QUESTION_PICTURES_MAX} label="图片" className="zl-pics" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        {button}
      </Button>
    </Form>
  );
}

/**
 * Before sending: says which contact details will show as ＊ (the server masks what it stores,
 * docs/questions.md § Contact details).
 */
function MaskPreview({
  form,
}: {
  form: ReturnType<typeof Form.useForm<{ content: string; pictures: string[] }>>[0];
}) {
  const content = Form.useWatch('content', form) ?? '';
  const kinds = content ? maskContacts(content).kinds : [];
  if (kinds.length === 0) return null;
  return <Alert type="warning" showIcon className="zl-qa-mask" title={maskNotice(kinds)} />;
}

function QuestionItem({ q, side, projectId }: { q: ProjectQuestion; side: Side; projectId: number }) {
  const answer = useAnswerQuestion(projectId);
  if (q.kind === 'clarification') {
    return (
      <li className="zl-qa-item zl-qa-clarify">
        <div className="zl-qa-head">
          <b>补充说明</b>
          <span>{formatTime(q.published)}</span>
        </div>
        <p className="zl-qa-text">{q.content}</p>
      </li>
    );
  }
  const who =
    side === 'customer' ? `${q.asker || '供应商'}${q.askerCardno ? `（${q.askerCardno}）` : ''}` : q.asker;
  return (
    <li className="zl-qa-item">
      <div className="zl-qa-head">
        <b>问</b>
        <span>
          {who}
          {q.mine ? '（我的提问）' : ''} · {formatTime(q.asked)}
        </span>
      </div>
      <p className="zl-qa-text">{q.content}</p>
      {q.pictures.length > 0 && (
        <div className="zl-qa-pics">
          {q.pictures.map((p, i) => (
            <a key={p.id} href={p.url} target="_blank" rel="noreferrer">
              <img src={p.thumbUrl ?? p.url} alt={`提问图片 ${i + 1}`} loading="lazy" />
            </a>
          ))}
        </div>
      )}
      {q.answer !== null ? (
        <div className="zl-qa-answer">
          <b>答</b>
          <p className="zl-qa-text">{q.answer}</p>
          <span className="zl-qa-when">{formatTime(q.published)}</span>
        </div>
      ) : side === 'customer' ? (
        <TextForm
          name={`qa-answer-${q.id}`}
          label="回答"
          placeholder="回答后所有供应商都能看到（不显示提问方）"
          button="回答"
          busy={answer.isPending}
          onSend={(v) => answer.mutateAsync({ id: projectId, questionId: q.id, content: v.content })}
        />
      ) : (
        <p className="zl-qa-muted">等待参展商回答</p>
      )}
    </li>
  );
}

/**
 * 项目答疑 (docs/questions.md): on the supplier's 订单详情 (`side` supplier: the published
 * answers, its own questions, the question form while bidding) and on the customer's project page
 * (`side` customer: every question with the real supplier, the answer forms, 补充说明).
 */
export function QuestionPanel({ projectId, side }: { projectId: number; side: Side }) {
  const { data, isLoading, error } = useQuestionList(projectId);
  const ask = useAskQuestion(projectId);
  const clarify = useClarify(projectId);
  if (isLoading) return <Skeleton active />;
  if (error || !data) return null;
  if (!data.open && data.listItem.length === 0) return null;
  return (
    <section className="zl-panel zl-qa" id="qa" aria-label="项目答疑">
      <h2>项目答疑</h2>
      <p className="zl-qa-muted">
        {side === 'supplier'
          ? '参展商的回答和补充说明对所有供应商公开，提问方只显示为「供应商A、B…」；请勿留下电话、微信等联系方式。'
          : '回答和补充说明对所有供应商公开，提问方只有您能看到。'}
      </p>
      {data.listItem.length === 0 ? (
        <p className="zl-qa-muted">暂无答疑</p>
      ) : (
        <ol className="zl-qa-list">
          {data.listItem.map((q) => (
            <QuestionItem key={q.id} q={q} side={side} projectId={projectId} />
          ))}
        </ol>
      )}
      {!data.open && <p className="zl-qa-muted">竞价已结束，不再接受新的提问和补充说明。</p>}
      {data.open && side === 'supplier' && (
        <TextForm
          name="qa-ask"
          label="问题"
          placeholder="例如：地面承重多少？吊点是否包含？"
          button="提交问题"
          pictures
          busy={ask.isPending}
          onSend={(v) => ask.mutateAsync({ id: projectId, content: v.content, pictures: v.pictures })}
        />
      )}
      {data.open && side === 'customer' && (
        <TextForm
          name="qa-clarify"
          label="补充说明"
          placeholder="对所有供应商的补充说明，例如：需预留 2 米消防通道"
          button="发布补充说明"
          busy={clarify.isPending}
          onSend={(v) => clarify.mutateAsync({ id: projectId, content: v.content })}
        />
      )}
    </section>
  );
}

/** On the quote form: answers or clarifications published after the caller's quote was sent. */
export function NewAnswersNotice({ projectId }: { projectId: number }) {
  const { data } = useQuestionList(projectId);
  if (!data || data.newSinceMyQuote === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="zl-qa-notice"
      title="报价后项目有新的答疑"
      description={
        <>
          您报价后参展商发布了 {data.newSinceMyQuote} 条新的回答或补充说明，
          <Link to={`/orderDetail?id=${projectId}#qa`}>查看答疑</Link>后可修改报价。
        </>
      }
    />
  );
}
