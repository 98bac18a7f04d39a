import type { FileRef } from '@zl/shared';
import { PROJECT_GROUPS, REQUIREMENT_CATEGORIES } from '@zl/shared';
import Badge from 'antd/es/badge';
import Collapse from 'antd/es/collapse';
import ConfigProvider from 'antd/es/config-provider';
import DatePicker from 'antd/es/date-picker';
import Form, { type FormInstance, type FormProps } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import { type ReactNode, useState } from 'react';
import { OPENS_OPTIONS } from '../../../components/project/opens.ts';
import { RegionCascader } from '../../../components/region-cascader.tsx';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { chinaNow } from '../../../lib/time.ts';
import { useCompact } from '../../../lib/use-compact.ts';
import { CATEGORY_KEYS, computeArea, formatArea, type PublishValues } from '../lib/publish-values.ts';
import { biddlRule, publishRules as R } from '../lib/rules.ts';
import { PayPlanFields } from './pay-plan-fields.tsx';
import { PictureList } from './picture-list.tsx';
import { RequirementTable } from './requirement-table.tsx';
import { ShowDateFields, trackShowDates } from './show-date-fields.tsx';

const GROUP_OPTIONS = Object.entries(PROJECT_GROUPS).map(([v, label]) => ({ value: Number(v), label }));

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="zl-panel zl-cust-section">
      <h2>
        {title}
        {hint && <small>{hint}</small>}
      </h2>
      {children}
    </section>
  );
}

/**
 * On a phone a date-and-time popup (a month, the hours, the minutes) is wider than the screen
 * with antd's cells: narrower ones there, so 竞标截止 and the show's times open whole.
 */
const PHONE_PICKERS = { components: { DatePicker: { cellWidth: 30, timeColumnWidth: 44 } } };
const NO_THEME = {};

function FittedPickers({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={useCompact() ? PHONE_PICKERS : NO_THEME}>{children}</ConfigProvider>;
}

/** 面积: length × width, live and read-only (the server computes the stored value). */
function AreaPreview() {
  const form = Form.useFormInstance<PublishValues>();
  const length = Form.useWatch('length', form);
  const width = Form.useWatch('width', form);
  return (
    <output className="zl-cust-area" aria-label="面积" data-testid="area">
      {formatArea(computeArea(length, width))}
    </output>
  );
}

/** One booth dimension in metres (0.5–200, two decimals). */
function MetreField({ name, label }: { name: 'length' | 'width' | 'height'; label: string }) {
  return (
    <Form.Item required name={name} label={label} rules={R[name]}>
      <InputNumber
        min={0.5}
        max={200}
        precision={2}
        step={0.5}
        placeholder="0.00"
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

function RequirementPanels({ open, onOpen }: { open: string[]; onOpen: (keys: string[]) => void }) {
  const form = Form.useFormInstance<PublishValues>();
  const values = Form.useWatch([], form) as PublishValues | undefined;
  return (
    <Collapse
      className="zl-cust-collapse"
      activeKey={open}
      onChange={(k) => onOpen(Array.isArray(k) ? k.map(String) : [String(k)])}
      items={REQUIREMENT_CATEGORIES.map(([key, label]) => {
        const n = values?.[key]?.length ?? 0;
        return {
          key,
          forceRender: true,
          label: (
            <span className="zl-cust-cat">
              {label}
              <Badge count={n} showZero color={n > 0 ? '#1f6feb' : '#c2c8d1'} size="small" />
            </span>
          ),
          children: <RequirementTable name={key} label={label} />,
        };
      })}
    />
  );
}

/** The publish form's sections; the page decides what happens on submit. */
export function PublishForm({
  form,
  initialValues,
  knownPictures,
  attachName,
  onFinish,
  onFinishFailed,
  onValuesChange,
  footer,
}: {
  form: FormInstance<PublishValues>;
  initialValues: PublishValues;
  knownPictures: FileRef[];
  attachName: string;
  onFinish: (v: PublishValues) => void;
  onFinishFailed?: FormProps<PublishValues>['onFinishFailed'];
  onValuesChange?: FormProps<PublishValues>['onValuesChange'];
  footer: ReactNode;
}) {
  const attachId = initialValues.attach;
  const [open, setOpen] = useState<string[]>(() =>
    CATEGORY_KEYS.filter((k) => (initialValues[k]?.length ?? 0) > 0)
      .concat(['dimian'])
      .slice(0, 7),
  );
  return (
    <Form<PublishValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={(changed, all) => {
        trackShowDates(form, changed);
        onValuesChange?.(changed, all);
      }}
      onFinish={onFinish}
      onFinishFailed={(info) => {
        // a requirement row with an error may sit in a collapsed panel: open it
        const cats = info.errorFields
          .map((f) => String(f.name[0]))
          .filter((k) => (CATEGORY_KEYS as string[]).includes(k));
        if (cats.length > 0) setOpen((o) => [...new Set([...o, ...cats])]);
        onFinishFailed?.(info);
      }}
      scrollToFirstError={false}
      className="zl-cust-form"
      requiredMark
    >
      <Section title="基本信息">
        <Form.Item required name="title" label="项目标题" rules={R.title}>
          <Input placeholder="如：2026 上海车展 A 馆特装展台" maxLength={50} showCount />
        </Form.Item>
        <Form.Item required name="groupid" label="项目类别" rules={R.groupid}>
          <Select options={GROUP_OPTIONS} placeholder="请选择" style={{ maxWidth: 280 }} />
        </Form.Item>
        <div className="zl-cust-dims">
          <MetreField name="length" label="长（米）" />
          <MetreField name="width" label="宽（米）" />
          <MetreField name="height" label="高（米）" />
          <Form.Item label="面积（自动计算）">
            <AreaPreview />
          </Form.Item>
        </div>
        <Form.Item required name="opens" label="开口情况" rules={R.opens}>
          <Segmented aria-label="开口情况" options={OPENS_OPTIONS} />
        </Form.Item>
      </Section>

      <FittedPickers>
        <Section title="时间与地点">
          <div className="zl-cust-two">
            <Form.Item required name="period" label="展会日期" rules={R.period}>
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                disabledDate={(d) => d.isBefore(chinaNow().startOf('day'))}
                placeholder={['开始日期', '结束日期']}
              />
            </Form.Item>
            <Form.Item
              required
              name="biddl"
              label="竞标截止时间"
              dependencies={['period']}
              rules={[biddlRule(() => form.getFieldValue('period'))]}
              extra="须早于展会开始日期，截止后不再接受报价"
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isBefore(chinaNow().startOf('day'))}
                placeholder="请选择日期和时间"
              />
            </Form.Item>
          </div>
          <div className="zl-cust-two">
            <Form.Item required name="region" label="展会城市" rules={R.region}>
              <RegionCascader placeholder="省 / 市 / 区" />
            </Form.Item>
            <Form.Item name="addr" label="展馆地址" rules={R.addr}>
              <Input placeholder="如：国家会展中心（上海）7.1 号馆" maxLength={200} />
            </Form.Item>
          </div>
        </Section>

        <Section title="展期与现场" hint="选择展会日期后按常规时间自动填入，请按主场通知修改">
          <ShowDateFields />
        </Section>
      </FittedPickers>

      <Section title="需求清单" hint="按类别列出需要搭建或租赁的项目，供应商按清单逐项报价">
        <RequirementPanels open={open} onOpen={setOpen} />
      </Section>

      <Section title="参考资料">
        <Form.Item name="picture" label="参考图片" rules={R.pictures} extra="最多 9 张，JPG / PNG / WebP">
          <PictureList known={knownPictures} />
        </Form.Item>
        <Form.Item
          name="attach"
          label="附件"
          rules={R.attach}
          extra="一个 PDF 或图片，如设计效果图、展位平面图"
        >
          <FileUpload
            purpose="attachment"
            placeholder="上传附件"
            initialFile={
              attachId ? { id: attachId, url: `/files/${attachId}`, thumbUrl: null, name: attachName } : null
            }
          />
        </Form.Item>
        <TextAreaItem
          name="conts"
          label="项目说明"
          rules={R.conts}
          rows={5}
          maxLength={5000}
          placeholder="展台风格、品牌要求、进场撤展时间、其他说明……"
        />
      </Section>

      <Section title="付款计划" hint="合同金额即中标报价，按比例付入平台托管，按阶段结算给供应商">
        <PayPlanFields />
      </Section>
      {footer}
    </Form>
  );
}
