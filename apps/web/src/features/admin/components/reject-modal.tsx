import { REJECT_REASON_PICKS, rejectReasonSchema } from '@zl/shared';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { zodRule } from '../../../lib/zod-rule.ts';

/**
 * 驳回 (a verification, a project, …): a reason is required (2–200 characters); common reasons
 * are one click away and may be combined.
 */
export function RejectModal(props: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
  title?: string;
  picks?: readonly string[];
  /** who reads the reason, e.g. 会员 / 参展商 */
  audience?: string;
}) {
  const { title = '驳回申请', picks = REJECT_REASON_PICKS, audience = '会员' } = props;
  const [form] = Form.useForm<{ reason: string }>();
  const reason = Form.useWatch('reason', form) ?? '';

  function pick(text: string) {
    const current = String(form.getFieldValue('reason') ?? '').trim();
    const parts = current ? current.split('；') : [];
    const next = parts.includes(text) ? parts.filter((p) => p !== text) : [...parts, text];
    form.setFieldValue('reason', next.join('；'));
    void form.validateFields(['reason']).catch(() => {});
  }

  return (
    <Modal
      title={title}
      open={props.open}
      okText="确认驳回"
      okButtonProps={{ danger: true, loading: props.busy }}
      onCancel={props.onCancel}
      onOk={() =>
        form.validateFields().then(
          (v) => props.onSubmit(v.reason.trim()),
          () => {},
        )
      }
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <div className="zl-admin-muted" style={{ marginBottom: 8 }}>
        常用原因（可多选，也可直接填写）：
      </div>
      <div className="zl-reason-picks">
        {picks.map((r) => (
          <Tag.CheckableTag key={r} checked={reason.split('；').includes(r)} onChange={() => pick(r)}>
            {r}
          </Tag.CheckableTag>
        ))}
      </div>
      <Form form={form} layout="vertical" preserve={false}>
        <TextAreaItem
          name="reason"
          label={`驳回原因（${audience}可见）`}
          rules={[zodRule(rejectReasonSchema)]}
          rows={4}
          maxLength={200}
          placeholder={`请说明${audience}需要修改的地方`}
        />
      </Form>
    </Modal>
  );
}
