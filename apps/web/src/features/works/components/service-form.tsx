import {
  SERVICE_FIELDS,
  SERVICE_UNITS,
  type ServiceInput,
  type ServiceKind,
  type ServiceView,
  WORKS_RULES,
} from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUploadList } from '../../../components/upload/file-upload-list.tsx';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { fenToYuanInput, isNegativeAmount, parseYuanToFen } from '../../../lib/money.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useSaveService } from '../api/services.ts';

interface Values {
  title: string;
  priceYuan?: string;
  unit?: (typeof SERVICE_UNITS)[number];
  images: string[];
  content: string;
}

const F = SERVICE_FIELDS;

/** 元 typed by the supplier → 分 checked like the server does (docs/works.md). */
const priceRule = {
  async validator(_: unknown, value: string | undefined) {
    if (!value?.trim()) throw new Error('请输入价格');
    if (isNegativeAmount(value)) throw new Error('价格须大于 0');
    const fen = parseYuanToFen(value);
    if (fen === null) throw new Error('价格格式不正确，最多两位小数');
    if (fen < 1) throw new Error('价格须大于 0');
    if (fen > WORKS_RULES.priceMax) throw new Error('价格最多 ¥1,000,000');
  },
};

/**
 * newService (kind priced: title, price and unit, 1–9 pictures, description) and newWordService
 * (kind text: title, text with paragraphs, up to 9 pictures). Edits `service` when given.
 */
export function ServiceForm({
  kind,
  service,
  onSaved,
}: {
  kind: ServiceKind;
  service?: ServiceView;
  onSaved: (s: ServiceView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveService();
  const isPriced = kind === 'priced';
  const initial: Partial<Values> = service
    ? {
        title: service.title,
        priceYuan: fenToYuanInput(service.price),
        unit: service.unit ?? undefined,
        images: service.images.map((i) => i.id),
        content: service.content,
      }
    : { images: [], content: '', unit: '元/㎡' };

  const submit = (v: Values) => {
    const body: ServiceInput = isPriced
      ? {
          kind: 'priced',
          title: v.title,
          price: parseYuanToFen(v.priceYuan) ?? 0,
          unit: v.unit ?? '元/㎡',
          images: v.images,
          content: v.content ?? '',
        }
      : { kind: 'text', title: v.title, images: v.images, content: v.content };
    save.mutate(service ? { ...body, id: service.id } : body, {
      onSuccess: (s) => {
        withFeedback((f) => f.message.success(service ? '服务已保存' : '服务已发布'));
        onSaved(s);
      },
      onError: (err) => reportSubmitError(form, err, { price: 'priceYuan' }),
    });
  };

  return (
    <Form form={form} layout="vertical" className="zl-works-form" initialValues={initial} onFinish={submit}>
      <Form.Item name="title" label="服务名称" rules={[zodRule(F.title)]}>
        <Input
          maxLength={WORKS_RULES.titleMax}
          showCount
          placeholder={isPriced ? '如：特装展台设计搭建' : '如：展会全程服务流程'}
        />
      </Form.Item>
      {isPriced && (
        <div className="zl-works-row">
          <Form.Item name="priceYuan" label="价格（元）" rules={[priceRule]}>
            <Input inputMode="decimal" prefix="¥" placeholder="如 680" />
          </Form.Item>
          <Form.Item name="unit" label="计价单位" rules={[zodRule(F.unit)]}>
            <Select options={SERVICE_UNITS.map((u) => ({ value: u, label: u }))} />
          </Form.Item>
        </div>
      )}
      <Form.Item
        name="images"
        label={
          isPriced
            ? `服务图片（1–${WORKS_RULES.maxImages} 张，第一张为封面）`
            : `配图（选填，最多 ${WORKS_RULES.maxImages} 张）`
        }
        rules={[zodRule(isPriced ? F.pricedImages : F.textImages)]}
      >
        <FileUploadList
          purpose="service"
          max={WORKS_RULES.maxImages}
          label={isPriced ? '服务图' : '配图'}
          known={service?.images ?? []}
          className="zl-works-pics"
        />
      </Form.Item>
      {isPriced ? (
        <TextAreaItem
          name="content"
          label="服务说明（选填）"
          rows={4}
          maxLength={WORKS_RULES.descriptionMax}
          placeholder="服务包含的内容、周期、注意事项…"
          rules={[zodRule(F.description, { optional: true })]}
        />
      ) : (
        <TextAreaItem
          name="content"
          label="服务内容（空一行分段）"
          rows={12}
          maxLength={WORKS_RULES.contentMax}
          placeholder={'第一段…\n\n第二段…'}
          rules={[zodRule(F.content)]}
        />
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {service ? '保存修改' : '发布服务'}
      </Button>
    </Form>
  );
}
