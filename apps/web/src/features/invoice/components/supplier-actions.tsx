import { type Invoice, invoiceRejectSchema, invoiceUploadSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError, submitValidated } from '../../../lib/form-errors.ts';
import { formatFen } from '../../../lib/money.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useRejectInvoice, useUploadInvoice } from '../api/invoices.ts';

interface UploadValues {
  file: string;
  number: string;
}

/** 上传发票: the issued invoice (PDF or picture, purpose `invoice`) and its number (optional). */
function UploadModal({ invoice, open, onClose }: { invoice: Invoice; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<UploadValues>();
  const upload = useUploadInvoice();
  const once = useSubmitOnce();
  const onOk = () =>
    once.run(() =>
      submitValidated(
        form,
        async (v) => {
          await upload.mutateAsync({ invoiceId: invoice.id, file: v.file, number: (v.number ?? '').trim() });
          withFeedback((f) => f.message.success('发票已上传，参展商会收到通知'));
          onClose();
        },
        (err) => reportSubmitError(form, err),
      ),
    );
  return (
    <Modal
      title="上传发票"
      open={open}
      okText="确认上传"
      cancelText="取消"
      okButtonProps={{ loading: once.busy }}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="zl-inv-muted">
        {`为「${invoice.title}」开具的${invoice.kindText}，金额 ${formatFen(invoice.amount)}。`}
        上传 PDF 或照片，参展商可查看和下载。
      </p>
      <Form<UploadValues>
        form={form}
        name={`invoice-upload-${invoice.id}`}
        layout="vertical"
        preserve={false}
        initialValues={{ file: '', number: '' }}
      >
        <Form.Item name="file" label="发票文件" required rules={[zodRule(invoiceUploadSchema.shape.file)]}>
          <FileUpload purpose="invoice" placeholder="上传发票" />
        </Form.Item>
        <Form.Item
          name="number"
          label="发票号码（选填）"
          rules={[zodRule(invoiceUploadSchema.shape.number, { optional: true })]}
        >
          <Input maxLength={20} placeholder="发票上印的号码" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 拒绝开票 with the reason the customer reads. */
function RejectModal({ invoice, open, onClose }: { invoice: Invoice; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectInvoice();
  const once = useSubmitOnce();
  const onOk = () =>
    once.run(() =>
      submitValidated(
        form,
        async (v) => {
          await reject.mutateAsync({ invoiceId: invoice.id, reason: v.reason.trim() });
          withFeedback((f) => f.message.success('已拒绝该发票申请'));
          onClose();
        },
        (err) => reportSubmitError(form, err),
      ),
    );
  return (
    <Modal
      title="拒绝开票"
      open={open}
      okText="确认拒绝"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: once.busy }}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="zl-inv-muted">拒绝后参展商会看到原因，并可重新申请该金额的发票。</p>
      <Form<{ reason: string }>
        form={form}
        name={`invoice-reject-${invoice.id}`}
        layout="vertical"
        preserve={false}
        initialValues={{ reason: '' }}
      >
        <TextAreaItem
          name="reason"
          label="拒绝原因"
          required
          rows={3}
          maxLength={200}
          placeholder="如：纳税人识别号与抬头不符，请核对后重新申请"
          rules={[zodRule(invoiceRejectSchema.shape.reason)]}
          // one line on the server (no line breaks in a reason): Enter becomes a space
          normalize={(v: string) => v.replace(/[\r\n]+/g, ' ')}
        />
      </Form>
    </Modal>
  );
}

/** A waiting request's two answers, for its supplier: 上传发票 and 拒绝. */
export function SupplierActions({ invoice }: { invoice: Invoice }) {
  const [open, setOpen] = useState<'upload' | 'reject' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="zl-inv-actions">
      <Button type="primary" onClick={() => setOpen('upload')}>
        上传发票
      </Button>
      <Button danger onClick={() => setOpen('reject')}>
        拒绝
      </Button>
      <UploadModal invoice={invoice} open={open === 'upload'} onClose={close} />
      <RejectModal invoice={invoice} open={open === 'reject'} onClose={close} />
    </div>
  );
}
