import { type PersonAuthInfo, personAuthSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useSubmitPersonAuth } from '../api/person-auth.ts';
import { IdCardSides } from './id-card-sides.tsx';

interface PersonValues {
  realname: string;
  idcard: string;
  cardfrt: string;
  cardrvs: string;
}

const shape = personAuthSchema.shape;

/** A masked number (from an approved record) is no use as a pre-fill. */
function clean(v: string | undefined): string {
  return v && !v.includes('*') ? v : '';
}

export interface PersonAuthFormProps {
  /** the latest record: pre-fills a rejected submission, shows a pending one read-only */
  record?: PersonAuthInfo | null;
  readOnly?: boolean;
  onSubmitted?: () => void;
}

/** 个人实名认证: real name, ID number (GB 11643 check) and both sides of the ID card. */
export function PersonAuthForm({ record, readOnly, onSubmitted }: PersonAuthFormProps) {
  const [form] = Form.useForm<PersonValues>();
  const submit = useSubmitPersonAuth();

  async function onFinish(v: PersonValues) {
    try {
      await submit.mutateAsync({
        realname: v.realname.trim(),
        idcard: v.idcard.trim().toUpperCase(),
        cardfrt: v.cardfrt,
        cardrvs: v.cardrvs,
      });
      withFeedback((f) => f.message.success('实名认证资料已提交，请等待审核'));
      onSubmitted?.();
    } catch (err) {
      reportSubmitError(form, err);
    }
  }

  return (
    <Form<PersonValues>
      form={form}
      requiredMark={false}
      layout="vertical"
      disabled={readOnly}
      onFinish={onFinish}
      initialValues={{
        realname: record?.realname ?? '',
        idcard: clean(record?.idcard),
        cardfrt: record?.cardfrt?.id ?? '',
        cardrvs: record?.cardrvs?.id ?? '',
      }}
      className="zl-auth-form"
      aria-label="个人实名认证"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="realname" label="真实姓名" rules={[zodRule(shape.realname)]}>
            <Input placeholder="与身份证一致" maxLength={30} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="idcard"
            label="身份证号码"
            rules={[zodRule(shape.idcard)]}
            validateTrigger="onBlur"
          >
            <Input placeholder="18 位身份证号码" maxLength={18} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <IdCardSides shape={shape} record={record} backDependsOnFront />
      <p className="zl-auth-hint">
        请上传清晰、完整、未遮挡的身份证照片（JPG/PNG/WebP，不超过 10
        MB）。证件照片仅您本人和平台审核人员可见。
      </p>
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {record ? '重新提交审核' : '提交审核'}
        </Button>
      )}
    </Form>
  );
}
