import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  CHANGE_LINES_MAX,
  CHANGE_PHOTOS_MAX,
  CHANGE_REASON_MAX,
  type ChangeKind,
  changeLineInputSchema,
  changeOrderAddSchema,
  REQUIREMENT_CATEGORIES,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { RuleObject } from 'antd/es/form';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useState } from 'react';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUploadList } from '../../../components/upload/file-upload-list.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { formatFen } from '../../../lib/money.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useAddChangeOrder } from '../api/change-orders.ts';
import {
  type ChangeValues,
  emptyLine,
  initialChangeValues,
  type LineValues,
  lineAmount,
  placeErrors,
  priceProblem,
  qtyProblem,
  toAddBody,
  totalOf,
  totalProblem,
} from '../lib/change-values.ts';

const line = changeLineInputSchema.shape;
const CATEGORY_OPTIONS = REQUIREMENT_CATEGORIES.map(([value, label]) => ({ value, label }));

const KIND_HINT: Record<ChangeKind, string> = {
  add: '增加施工内容：同意后合同金额增加，计入下一笔待付款项',
  reduce: '减少施工内容：同意后合同金额减少，参展商多付的部分原路退回',
};

/** The refusals about the project or the order as a whole: said above the buttons. */
const STATE_CODES = new Set(['INVALID_STATE', 'NOT_FOUND', 'ACCEPTANCE_FROZEN']);

function check(problem: (v: unknown) => string | null): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const p = problem(value);
      if (p) throw new Error(p);
    },
  };
}

/** The lines' total against the kind: more than 0, a 减项 no more than what may be reduced. */
function totalRule(form: FormInstance<ChangeValues>, reducible: number) {
  return {
    validator: async (_rule: unknown, lines: LineValues[] | undefined) => {
      if (!lines || lines.length === 0) throw new Error('请至少填写 1 项');
      const p = totalProblem(form.getFieldValue('kind') ?? 'add', totalOf(lines), reducible);
      if (p) throw new Error(p);
    },
  };
}

/** The lines editor: a grid on a desktop (its header names the columns), a card per line on a phone. */
function LinesEditor({ form, reducible }: { form: FormInstance<ChangeValues>; reducible: number }) {
  const lines = Form.useWatch('lines', form);
  const kind = Form.useWatch('kind', form) ?? 'add';
  const total = totalOf(lines);
  const over = kind === 'reduce' && total > reducible;
  return (
    <Form.List name="lines" rules={[totalRule(form, reducible)]}>
      {(fields, { add, remove }, { errors }) => (
        <div className="zl-chg-ed">
          <div className="zl-chg-ed-row zl-chg-ed-head" aria-hidden="true">
            <span>类别</span>
            <span>名称</span>
            <span>规格（选填）</span>
            <span>单位</span>
            <span>数量</span>
            <span>单价（元）</span>
            <span className="zl-chg-num">金额</span>
            <span />
          </div>
          {fields.map((field, i) => {
            const n = `第 ${i + 1} 项`;
            const amount = lineAmount(lines?.[field.name]);
            return (
              <div key={field.key} className="zl-chg-ed-row" data-testid={`change-line-${i}`}>
                <div className="zl-chg-ed-no">{n}</div>
                <Form.Item
                  name={[field.name, 'category']}
                  label="类别"
                  className="zl-chg-ed-cat"
                  rules={[{ required: true, message: '请选择类别' }]}
                >
                  <Select options={CATEGORY_OPTIONS} placeholder="类别" aria-label={`${n}类别`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  label="名称"
                  required
                  className="zl-chg-ed-name"
                  rules={[zodRule(line.name)]}
                >
                  <Input maxLength={50} placeholder="如：背板加高" aria-label={`${n}名称`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'spec']}
                  label="规格（选填）"
                  className="zl-chg-ed-spec"
                  rules={[zodRule(line.spec, { optional: true })]}
                >
                  <Input maxLength={100} placeholder="尺寸、材质" aria-label={`${n}规格`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'unit']}
                  label="单位"
                  required
                  className="zl-chg-ed-unit"
                  rules={[zodRule(line.unit)]}
                >
                  <Input maxLength={10} placeholder="㎡ / 项" aria-label={`${n}单位`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'qty']}
                  label="数量"
                  required
                  className="zl-chg-ed-qty"
                  rules={[check(qtyProblem)]}
                >
                  <Input inputMode="numeric" maxLength={6} aria-label={`${n}数量`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'price']}
                  label="单价（元）"
                  required
                  className="zl-chg-ed-price"
                  rules={[check(priceProblem)]}
                >
                  <Input
                    prefix="¥"
                    inputMode="decimal"
                    maxLength={16}
                    placeholder="0.00"
                    autoComplete="off"
                    aria-label={`${n}单价`}
                  />
                </Form.Item>
                <div className="zl-chg-ed-amount zl-chg-num" data-testid={`change-line-amount-${i}`}>
                  <span className="zl-chg-ed-label">金额</span>
                  <span className="zl-chg-amount">{amount === null ? '—' : formatFen(amount)}</span>
                </div>
                <div className="zl-chg-ed-del">
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= 1}
                    aria-label={`删除${n}`}
                    title={`删除${n}`}
                    onClick={() => remove(field.name)}
                  />
                </div>
              </div>
            );
          })}
          <div className="zl-chg-ed-foot">
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= CHANGE_LINES_MAX}
              onClick={() => add(emptyLine())}
            >
              添加一项
            </Button>
            <span className="zl-chg-ed-total">
              合计{' '}
              <b className={`zl-chg-amount${over ? ' zl-chg-over' : ''}`} data-testid="change-total">
                {formatFen(total)}
              </b>
            </span>
          </div>
          {kind === 'reduce' && (
            <p className={`zl-chg-hint${over ? ' zl-chg-over' : ''}`}>
              {reducible > 0
                ? `可减金额 ${formatFen(reducible)}：尚未结算给您的合同款（已结算的部分不能再减）。`
                : '没有可以减少的款项：合同款已全部结算。'}
            </p>
          )}
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

/**
 * 提出变更 (Projectcenter/changeOrderAdd, the winning supplier): 增项 or 减项, its priced lines
 * (unit prices typed in 元, sent as integer 分), the reason and site photos (purpose `report`). Sent
 * once per submission; the server's field messages land on their fields.
 */
export function ChangeFormModal({
  projectId,
  reducible,
  open,
  onClose,
}: {
  projectId: number;
  reducible: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ChangeValues>();
  const send = useAddChangeOrder();
  const once = useSubmitOnce();
  const [problem, setProblem] = useState('');
  const kind: ChangeKind = Form.useWatch('kind', form) ?? 'add';
  const close = () => {
    setProblem('');
    onClose();
  };

  const onOk = () =>
    once.run(async () => {
      setProblem('');
      let v: ChangeValues;
      try {
        v = await form.validateFields();
      } catch {
        return;
      }
      const body = toAddBody(projectId, v);
      try {
        const order = await send.mutateAsync(body);
        close();
        withFeedback((f) =>
          f.message.success(
            `变更单 ${order.seq} 已提交（${order.kindText} ${formatFen(order.amount)}），等待参展商确认`,
          ),
        );
      } catch (err) {
        const placed = placeErrors(err);
        if (placed.fields.length > 0) form.setFields(placed.fields as Parameters<typeof form.setFields>[0]);
        if (placed.other.length > 0) setProblem(placed.other.join('；'));
        else if (placed.fields.length > 0) return;
        else if (isBizError(err) && STATE_CODES.has(err.code)) setProblem(err.message);
        else handleError(err);
      }
    });

  return (
    <Modal
      open={open}
      title="提出变更"
      width={960}
      className="zl-chg-modal"
      okText="提交变更单"
      cancelText="取消"
      okButtonProps={{ loading: once.busy }}
      onOk={() => void onOk()}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <p className="zl-chg-muted">
        逐项填写增加或减少的施工内容，参展商同意后合同金额和付款计划随之调整，并生成补充协议。
      </p>
      <Form<ChangeValues>
        form={form}
        name={`change-add-${projectId}`}
        layout="vertical"
        preserve={false}
        initialValues={initialChangeValues()}
        onValuesChange={() => problem && setProblem('')}
        className="zl-chg-form"
      >
        <Form.Item
          name="kind"
          label="变更类型"
          rules={[{ required: true, message: '请选择增项或减项' }]}
          extra={KIND_HINT[kind]}
          className="zl-chg-kind"
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            block
            options={[
              { value: 'add', label: '增项' },
              { value: 'reduce', label: '减项' },
            ]}
          />
        </Form.Item>
        <LinesEditor form={form} reducible={reducible} />
        <TextAreaItem
          name="reason"
          label="变更原因"
          required
          rows={3}
          maxLength={CHANGE_REASON_MAX}
          placeholder="如：参展商现场要求背板加高 0.5 米，需增加板材和喷绘"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: '请填写变更原因' },
            zodRule(changeOrderAddSchema.shape.reason),
          ]}
        />
        <Form.Item
          name="photos"
          label="现场照片（选填）"
          extra={`最多 ${CHANGE_PHOTOS_MAX} 张，参展商确认时可查看`}
        >
          <FileUploadList purpose="report" max={CHANGE_PHOTOS_MAX} label="现场照片" className="zl-chg-pics" />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} className="zl-chg-problem" />}
    </Modal>
  );
}
