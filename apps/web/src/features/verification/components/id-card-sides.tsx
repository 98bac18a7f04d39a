import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Row from 'antd/es/row';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import type { UploadedFile } from '../../../components/upload/upload-file.ts';
import { type SchemaSource, zodRule } from '../../../lib/zod-rule.ts';

interface IdCardSidesProps {
  /** The form schema's cardfrt/cardrvs (their messages name whose card it is). */
  shape: { cardfrt: SchemaSource; cardrvs: SchemaSource };
  /** Whose card, before the labels: '法人' on the business form. */
  owner?: string;
  record?: { cardfrt?: UploadedFile | null; cardrvs?: UploadedFile | null } | null;
  /** Re-check the back when the front changes (the two may not be the same picture). */
  backDependsOnFront?: boolean;
}

/** The two ID card uploads, side by side: 人像面 (cardfrt) and 国徽面 (cardrvs). */
export function IdCardSides({ shape, owner = '', record, backDependsOnFront }: IdCardSidesProps) {
  const sides = [
    { name: 'cardfrt', side: '人像面', initialFile: record?.cardfrt },
    { name: 'cardrvs', side: '国徽面', initialFile: record?.cardrvs },
  ] as const;
  return (
    <Row gutter={16}>
      {sides.map((s) => (
        <Col key={s.name} xs={24} sm={12}>
          <Form.Item
            name={s.name}
            label={`${owner}身份证${s.side}`}
            rules={[zodRule(shape[s.name])]}
            dependencies={backDependsOnFront && s.name === 'cardrvs' ? ['cardfrt'] : undefined}
          >
            <FileUpload purpose="idcard" placeholder={`上传${s.side}`} initialFile={s.initialFile} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
