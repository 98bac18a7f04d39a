import {
  DESIGN_STYLES,
  type DesignInput,
  type DesignView,
  designFieldsSchema,
  WORKS_RULES,
} from '@zl/shared';
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUploadList } from '../../../components/upload/file-upload-list.tsx';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useSaveDesign } from '../api/designs.ts';

const shape = designFieldsSchema.shape;

/** The fields of a design (docs/works.md): create when `design` is absent, edit it otherwise. */
export function DesignForm({ design, onSaved }: { design?: DesignView; onSaved: (d: DesignView) => void }) {
  const [form] = Form.useForm<DesignInput>();
  const save = useSaveDesign();
  const initial: Partial<DesignInput> = design
    ? {
        title: design.title,
        style: design.style,
        area: design.area,
        images: design.images.map((i) => i.id),
        description: design.description,
      }
    : { images: [], description: '' };
  return (
    <Form
      form={form}
      layout="vertical"
      className="zl-works-form"
      initialValues={initial}
      onFinish={(v) =>
        save.mutate(design ? { ...v, id: design.id } : v, {
          onSuccess: (d) => {
            withFeedback((f) => f.message.success(design ? '设计作品已保存' : '设计作品已上传'));
            if (!design) form.resetFields();
            onSaved(d);
          },
          onError: (err) => reportSubmitError(form, err),
        })
      }
    >
      <Form.Item name="title" label="作品名称" rules={[zodRule(shape.title)]}>
        <Input maxLength={WORKS_RULES.titleMax} showCount placeholder="如：科技感双开口展台" />
      </Form.Item>
      <div className="zl-works-row">
        <Form.Item name="style" label="设计风格" rules={[zodRule(shape.style)]}>
          <AutoComplete
            options={DESIGN_STYLES.map((s) => ({ value: s }))}
            maxLength={WORKS_RULES.styleMax}
            placeholder="选择或输入风格"
          />
        </Form.Item>
        <Form.Item name="area" label="展台面积（㎡）" rules={[zodRule(shape.area)]}>
          <InputNumber
            min={1}
            max={WORKS_RULES.areaMax}
            precision={0}
            style={{ width: '100%' }}
            placeholder="如 54"
          />
        </Form.Item>
      </div>
      <Form.Item
        name="images"
        label={`作品图片（1–${WORKS_RULES.maxImages} 张，第一张为封面）`}
        rules={[zodRule(shape.images)]}
      >
        <FileUploadList
          purpose="design"
          max={WORKS_RULES.maxImages}
          label="作品图"
          known={design?.images ?? []}
          className="zl-works-pics"
        />
      </Form.Item>
      <TextAreaItem
        name="description"
        label="作品说明（选填）"
        rows={4}
        maxLength={WORKS_RULES.descriptionMax}
        placeholder="设计理念、材料、适用展会…"
        rules={[zodRule(shape.description, { optional: true })]}
      />
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {design ? '保存修改' : '上传作品'}
      </Button>
    </Form>
  );
}
