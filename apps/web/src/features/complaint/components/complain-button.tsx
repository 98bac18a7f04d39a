import { useQuery } from '@tanstack/react-query';
import {
  COMPLAINT_RULES,
  COMPLAINT_TYPES,
  type ComplaintType,
  complainAddSchema,
  PROJECT_STATUS,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { Link } from 'react-router';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError, submitValidated } from '../../../lib/form-errors.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { complaintListQuery, useComplainAdd } from '../api/complaint.ts';
import { EvidenceUpload } from './evidence.tsx';

interface Values {
  type: ComplaintType;
  content: string;
  files: string[];
}

const shape = complainAddSchema.shape;

/**
 * 发起投诉 on a project page (docs/delivery-complaint.md): for its customer or winner while the
 * project is in 2–5. With a complaint not yet ruled it shows 投诉处理中 (a link to it) instead.
 * `base` is where the complaint pages live: /customer or /personCenter.
 */
export function ComplainButton({
  projectId,
  status,
  base,
}: {
  projectId: number;
  status: number;
  base: string;
}) {
  const eligible = status >= PROJECT_STATUS.AWARDED && status <= PROJECT_STATUS.ACCEPTING;
  const list = useQuery(complaintListQuery({ page: 1, pageSize: 50, projectId }, projectId > 0));
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const add = useComplainAdd();
  const once = useSubmitOnce();
  const pending = list.data?.listItem?.find((c) => c.state !== 'ruled');

  if (pending) {
    return (
      <Link to={`${base}/complaint?id=${pending.id}`} data-testid="complaint-pending">
        <Tag color="orange">投诉处理中</Tag>
      </Link>
    );
  }
  if (!eligible || list.isPending) return null;

  const onOk = () =>
    once.run(() =>
      submitValidated(
        form,
        async (v) => {
          await add.mutateAsync({ id: projectId, type: v.type, content: v.content, files: v.files ?? [] });
          withFeedback((f) => f.message.success('投诉已提交，对方应在 3 天内答复，平台将尽快裁决'));
          setOpen(false);
          form.resetFields();
        },
        (err) => reportSubmitError(form, err),
      ),
    );

  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="complain-open">
        发起投诉
      </Button>
      <Modal
        open={open}
        title="发起投诉"
        okText="提交投诉"
        cancelText="取消"
        onOk={() => void onOk()}
        onCancel={() => setOpen(false)}
        confirmLoading={once.busy}
        destroyOnHidden
      >
        <Alert
          type="info"
          showIcon
          className="zl-complaint-alert"
          title={`对方应在 ${COMPLAINT_RULES.answerDays} 天内答复；投诉处理期间托管的预付款冻结，项目不会自动验收。`}
        />
        <Form form={form} layout="vertical" initialValues={{ files: [] }} preserve={false}>
          <Form.Item name="type" label="投诉类型" rules={[zodRule(shape.type)]}>
            <Select
              placeholder="请选择投诉类型"
              options={COMPLAINT_TYPES.map((t) => ({ value: t, label: t }))}
            />
          </Form.Item>
          <Form.Item name="content" label="投诉内容" rules={[zodRule(shape.content)]}>
            <Input.TextArea
              rows={5}
              showCount
              maxLength={COMPLAINT_RULES.contentMax}
              placeholder={`请具体说明问题（${COMPLAINT_RULES.contentMin}–${COMPLAINT_RULES.contentMax} 字）`}
            />
          </Form.Item>
          <Form.Item name="files" label={`证据（图片或 PDF，最多 ${COMPLAINT_RULES.filesMax} 个）`}>
            <EvidenceUpload />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
