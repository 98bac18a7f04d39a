import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';

export const PROJECT_REJECT_PICKS = ['信息不完整', '图片不清晰', '预付款不合理', '疑似虚假项目'] as const;

/** 驳回项目: quick picks (several may be combined) plus free text; 2–200 characters. */
export function ProjectRejectModal(props: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const reason: string = Form.useWatch('reason', form) ?? '';

  function pick(text: string) {
    const current = String(form.getFieldValue('reason') ?? '').trim();
    const parts = current ? current.split('；') : [];
    const next = parts.includes(text) ? parts.filter((p) => p !== text) : [...parts, text];
    form.setFieldValue('reason', next.join('；'));
    void form.validateFields(['reason']).catch(() => {});
  }

  return (
    <Modal
      title="驳回项目"
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
        {PROJECT_REJECT_PICKS.map((r) => (
          <Tag.CheckableTag key={r} checked={reason.split('；').includes(r)} onChange={() => pick(r)}>
            {r}
          </Tag.CheckableTag>
        ))}
      </div>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="驳回原因（参展商可见）"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { min: 2, max: 200, message: '驳回原因 2–200 个字' },
          ]}
        >
          <Input.TextArea rows={4} maxLength={200} showCount placeholder="请说明参展商需要修改的地方" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
