import { PROJECT_STATUS } from '@zl/shared';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { AntdProvider } from '../../../app/antd-provider.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { useProjectCancel } from '../api/project-cancel.ts';

interface CancelModalProps {
  project: { id: number; title: string; status: number; quoteCount?: number; peoples?: number } | null;
  onClose: () => void;
  onCancelled?: () => void;
}

/** 取消项目 (status 0 or 1): a reason is optional; bidders get their coins back. */
export function CancelModal({ project, onClose, onCancelled }: CancelModalProps) {
  const [form] = Form.useForm<{ reason?: string }>();
  const cancel = useProjectCancel();
  const bidders = project?.quoteCount ?? project?.peoples ?? 0;

  async function ok() {
    if (!project) return;
    const { reason } = await form.validateFields();
    try {
      await cancel.mutateAsync({ id: project.id, ...(reason?.trim() ? { reason: reason.trim() } : {}) });
      withFeedback((f) => f.message.success('项目已取消'));
      onClose();
      onCancelled?.();
    } catch (e) {
      const text = isBizError(e) ? e.message : '取消失败，请重试';
      withFeedback((f) => f.message.error(text));
    }
  }

  return (
    <Modal
      title="取消项目"
      open={project !== null}
      okText="确认取消项目"
      cancelText="再想想"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      onOk={() => void ok().catch(() => {})}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>
        确定取消「<strong>{project?.title}</strong>」吗？取消后项目关闭，不能恢复。
      </p>
      {project?.status === PROJECT_STATUS.BIDDING && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            bidders > 0
              ? `已有 ${bidders} 位供应商报价，他们报价时支付的金币会全部退还。`
              : '已报价供应商支付的金币会全部退还。'
          }
        />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="取消原因（选填）" rules={[{ max: 200, message: '最多 200 个字' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：展会延期" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The dialog with antd's provider, for the customer's list, which draws no antd of its own (docs/web.md § Page speed). */
export default function ScopedCancelModal(props: CancelModalProps) {
  return (
    <AntdProvider>
      <CancelModal {...props} />
    </AntdProvider>
  );
}
