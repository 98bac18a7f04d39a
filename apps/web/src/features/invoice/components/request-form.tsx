import { INVOICE_KIND_TEXT, INVOICE_KINDS, type InvoiceList, invoiceRequestSchema } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { RuleObject } from 'antd/es/form';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useState } from 'react';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { formatFen, isNegativeAmount, parseYuanToFen } from '../../../lib/money.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { applyFieldErrors, zodRule } from '../../../lib/zod-rule.ts';
import { useRequestInvoice } from '../api/invoices.ts';
import { initialRequestValues, type RequestValues, toRequestBody } from '../lib/request-values.ts';

const shape = invoiceRequestSchema.shape;

/** What a 增值税专用发票 cannot do without (the server says the same, docs/invoices.md). */
const SPECIAL_NEEDS: Record<'taxNo' | 'address' | 'bank' | 'bankAccount', string> = {
  taxNo: '增值税专用发票须填写纳税人识别号',
  address: '增值税专用发票须填写地址、电话',
  bank: '增值税专用发票须填写开户银行',
  bankAccount: '增值税专用发票须填写银行账号',
};

function neededForSpecial(field: keyof typeof SPECIAL_NEEDS) {
  return ({ getFieldValue }: Pick<FormInstance<RequestValues>, 'getFieldValue'>): RuleObject => ({
    validator: async (_rule, value: string | undefined) => {
      if (getFieldValue('kind') === 'special' && !(value ?? '').trim()) throw new Error(SPECIAL_NEEDS[field]);
    },
  });
}

/** The amount typed in 元 (two decimals at most), checked as the server checks its 分. */
function amountRule(invoiceable: number): RuleObject {
  return {
    validator: async (_rule, value: string | undefined) => {
      const text = (value ?? '').trim();
      if (!text) throw new Error('请输入开票金额');
      if (isNegativeAmount(text)) throw new Error('开票金额不能为负数');
      const fen = parseYuanToFen(text);
      if (fen === null) throw new Error('请输入正确的金额，最多两位小数');
      if (fen < 1) throw new Error('开票金额须大于 0');
      if (fen > invoiceable) throw new Error(`开票金额不能超过可开票金额 ${formatFen(invoiceable)}`);
    },
  };
}

/**
 * 申请发票: the kind, the buyer's details (prefilled from the business verification), the amount
 * in 元 (sent as 分, at most what may still be invoiced) and a remark; sent once per submission.
 */
export function RequestForm({
  projectId,
  request,
}: {
  projectId: number;
  request: NonNullable<InvoiceList['request']>;
}) {
  const [form] = Form.useForm<RequestValues>();
  const send = useRequestInvoice();
  const once = useSubmitOnce();
  const [problem, setProblem] = useState('');
  const kind = Form.useWatch('kind', form) ?? 'normal';
  const special = kind === 'special';

  const onFinish = (v: RequestValues) =>
    once.run(async () => {
      setProblem('');
      const body = toRequestBody(projectId, v);
      try {
        await send.mutateAsync(body);
        // the panel shows the new request and draws a fresh form for what is left (keyed by it)
        withFeedback((f) => f.message.success(`已申请开票 ${formatFen(body.amount)}，等待供应商开具`));
      } catch (err) {
        if (applyFieldErrors(form, err)) return;
        if (isBizError(err) && err.code === 'INVALID_STATE') setProblem(err.message);
        else handleError(err);
      }
    });

  return (
    <Form<RequestValues>
      form={form}
      name={`invoice-request-${projectId}`}
      layout="vertical"
      className="zl-inv-form"
      initialValues={initialRequestValues(request)}
      onFinish={(v) => void onFinish(v)}
      onValuesChange={() => problem && setProblem('')}
    >
      <h3 className="zl-inv-h3">申请发票</h3>
      <p className="zl-inv-muted">
        已通过平台支付 {formatFen(request.paid)}，可开票金额{' '}
        <b className="zl-inv-amount">{formatFen(request.invoiceable)}</b>
        。发票由中标供应商开具，开具后可在此查看和下载。
      </p>
      <Form.Item name="kind" label="发票类型" rules={[{ required: true, message: '请选择发票类型' }]}>
        <Radio.Group>
          {INVOICE_KINDS.map((k) => (
            <Radio key={k} value={k}>
              {INVOICE_KIND_TEXT[k]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <div className="zl-inv-grid">
        <Form.Item name="title" label="发票抬头" required rules={[zodRule(shape.title)]}>
          <Input maxLength={100} placeholder="公司全称或个人姓名" autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="taxNo"
          label="纳税人识别号"
          required={special}
          dependencies={['kind']}
          rules={[zodRule(shape.taxNo, { optional: true }), neededForSpecial('taxNo')]}
          extra={special ? undefined : '抬头为企业时请填写'}
        >
          <Input maxLength={18} placeholder="18 位统一社会信用代码" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="address"
          label="地址、电话"
          required={special}
          dependencies={['kind']}
          rules={[zodRule(shape.address, { optional: true }), neededForSpecial('address')]}
        >
          <Input maxLength={120} placeholder="注册地址及电话" />
        </Form.Item>
        <Form.Item
          name="bank"
          label="开户银行"
          required={special}
          dependencies={['kind']}
          rules={[zodRule(shape.bank, { optional: true }), neededForSpecial('bank')]}
        >
          <Input maxLength={60} placeholder="如：招商银行上海分行" />
        </Form.Item>
        <Form.Item
          name="bankAccount"
          label="银行账号"
          required={special}
          dependencies={['kind']}
          rules={[zodRule(shape.bankAccount, { optional: true }), neededForSpecial('bankAccount')]}
        >
          <Input maxLength={30} inputMode="numeric" placeholder="12–30 位数字" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={`开票金额（元，最多 ${formatFen(request.invoiceable)}）`}
          required
          rules={[amountRule(request.invoiceable)]}
        >
          <Input prefix="¥" inputMode="decimal" maxLength={16} autoComplete="off" />
        </Form.Item>
      </div>
      <Form.Item name="remark" label="备注（选填）" rules={[zodRule(shape.remark, { optional: true })]}>
        <Input maxLength={200} showCount placeholder="如：请注明项目名称" />
      </Form.Item>
      {problem && <Alert type="error" showIcon className="zl-inv-problem" title={problem} />}
      <Button type="primary" htmlType="submit" loading={once.busy}>
        提交申请
      </Button>
    </Form>
  );
}
