import type { FilingAnswer } from '@zl/shared';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { useFilingStatus, useRefreshFiling } from '../api/filing.ts';
import { answerFieldOf, placeErrors } from '../lib/filing-values.ts';

/** What each recorded answer is called on its button and in the history. */
export const ANSWER_LABELS: Record<FilingAnswer, string> = {
  submitted: '已提交场馆',
  approved: '场馆已通过',
  changes: '场馆要求修改',
};

export const NOTE_MAX = 200;

const INTRO: Record<FilingAnswer, string> = {
  submitted: '确认已把报馆资料（报馆 PDF）提交给场馆。提交后资料不能再改，等场馆审核通过或要求修改。',
  approved: '上传场馆的审核通过文件（回执、批复截图或 PDF），参展商会收到通知。',
  changes: '写明场馆要求修改的内容，记录后可修改报馆资料再次提交。',
};

const DONE: Record<FilingAnswer, string> = {
  submitted: '已记录：报馆资料已提交场馆',
  approved: '已记录：场馆审核通过',
  changes: '已记录：场馆要求修改，请修改报馆资料后再次提交',
};

const NOTE_PLACEHOLDER: Record<FilingAnswer, string> = {
  submitted: '如：已通过场馆报馆系统提交，受理编号 B-2031',
  approved: '如：场馆已批复，施工证 11 月 24 日领取',
  changes: '如：背板高度超过 4 米，需补充结构计算书',
};

interface AnswerValues {
  file: string;
  note: string;
}

const STATE_CODES = new Set(['INVALID_STATE', 'NOT_FOUND']);

/**
 * The small form of one venue answer (Projectcenter/filingStatus, the winner): 已提交场馆 (a note
 * at most), 场馆已通过 (the venue's document required), 场馆要求修改 (what to change required, a
 * document at most). Sent once; the server's messages land on `file` and `note`.
 */
export function FilingAnswerModal({
  projectId,
  answer,
  open,
  onClose,
}: {
  projectId: number;
  /** the answer this form records */
  answer: FilingAnswer;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AnswerValues>();
  const record = useFilingStatus();
  const refresh = useRefreshFiling();
  const once = useSubmitOnce();
  const [problem, setProblem] = useState('');
  const close = () => {
    if (once.busy) return;
    setProblem('');
    onClose();
  };

  const onOk = () =>
    once.run(async () => {
      setProblem('');
      let v: AnswerValues;
      try {
        v = await form.validateFields();
      } catch {
        return;
      }
      const note = (v.note ?? '').trim();
      const body = {
        id: projectId,
        status: answer,
        ...(v.file ? { file: v.file } : {}),
        ...(note ? { note } : {}),
      };
      try {
        await record.mutateAsync(body);
        withFeedback((f) => f.message.success(DONE[answer]));
        setProblem('');
        onClose();
      } catch (err) {
        const placed = placeErrors(err, answerFieldOf);
        if (placed.fields.length > 0) form.setFields(placed.fields as Parameters<typeof form.setFields>[0]);
        if (placed.other.length > 0) setProblem(placed.other.join('；'));
        else if (placed.fields.length > 0) return;
        else if (isBizError(err) && STATE_CODES.has(err.code)) {
          setProblem(err.message);
          void refresh(projectId);
        } else handleError(err);
      }
    });

  const fileRequired = answer === 'approved';
  const noteRequired = answer === 'changes';
  return (
    <Modal
      open={open}
      title={`记录：${ANSWER_LABELS[answer]}`}
      okText="确认记录"
      cancelText="取消"
      okButtonProps={{ loading: once.busy }}
      cancelButtonProps={{ disabled: once.busy }}
      onOk={() => void onOk()}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <p className="zl-filing-muted">{INTRO[answer]}</p>
      <Form<AnswerValues>
        form={form}
        name={`filing-${answer}-${projectId}`}
        layout="vertical"
        preserve={false}
        initialValues={{ file: '', note: '' }}
        aria-label={ANSWER_LABELS[answer]}
      >
        {answer !== 'submitted' && (
          <Form.Item
            name="file"
            label={fileRequired ? '场馆审核通过文件' : '场馆的修改意见（选填）'}
            required={fileRequired}
            rules={fileRequired ? [{ required: true, message: '请上传场馆的审核通过文件' }] : []}
            extra="图片或 PDF"
          >
            <FileUpload purpose="attachment" placeholder={fileRequired ? '上传场馆回执' : '上传文件'} />
          </Form.Item>
        )}
        <TextAreaItem
          name="note"
          label={noteRequired ? '修改要求' : '说明（选填）'}
          required={noteRequired}
          rows={3}
          maxLength={NOTE_MAX}
          placeholder={NOTE_PLACEHOLDER[answer]}
          rules={
            noteRequired ? [{ required: true, whitespace: true, message: '请写明场馆要求修改的内容' }] : []
          }
        />
      </Form>
      {problem && <Alert type="error" showIcon title={problem} className="zl-filing-problem" />}
    </Modal>
  );
}
