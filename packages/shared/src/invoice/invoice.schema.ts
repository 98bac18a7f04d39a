import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { isValidCreditCode } from '../member/id-checks.ts';
import { pageSchema, pageSizeSchema, projectIdSchema } from '../project/search.schema.ts';
import { labelledText, textSchema } from '../text/text.schema.ts';

/**
 * Invoices (发票, docs/invoices.md): once money of a project has been paid into escrow, its
 * customer asks the winning supplier for an invoice over an amount of what it paid; the supplier
 * uploads the invoice (PDF or picture) or rejects the request with a reason. A rejected request
 * frees its amount for a new one.
 */
export const INVOICE_KINDS = ['normal', 'special'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_TEXT: Record<InvoiceKind, string> = {
  normal: '普通发票',
  special: '增值税专用发票',
};

export const INVOICE_STATUSES = ['requested', 'issued', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = {
  requested: '待开票',
  issued: '已开票',
  rejected: '已拒绝',
};

const invoiceId = z
  .number({ error: '发票申请编号不正确' })
  .int({ error: '发票申请编号不正确' })
  .min(1, { error: '发票申请编号不正确' })
  .max(Number.MAX_SAFE_INTEGER, { error: '发票申请编号不正确' });

const optionalText = (label: string, max: number) =>
  textSchema({ error: `${label}不正确`, max, maxError: `${label}最多 ${max} 个字`, label }).default('');

/**
 * Invoice/request: the project's customer, after a payment into escrow. A 专票 needs the tax
 * number, the registered address and telephone, the bank and the account; a 普票 the title (and
 * the tax number when the title is a company's — optional here, the supplier judges).
 */
export const invoiceRequestSchema = z
  .strictObject({
    id: projectIdSchema.shape.id,
    kind: z.enum(INVOICE_KINDS, { error: '请选择发票类型' }),
    title: labelledText('发票抬头', 100).min(1, { error: '请输入发票抬头' }),
    taxNo: textSchema({
      error: '纳税人识别号不正确',
      max: 18,
      maxError: '纳税人识别号为 18 位统一社会信用代码',
      label: '纳税人识别号',
    })
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || isValidCreditCode(v), { error: '纳税人识别号不正确，请核对' })
      .default(''),
    address: optionalText('地址、电话', 120),
    bank: optionalText('开户银行', 60),
    bankAccount: textSchema({
      error: '银行账号不正确',
      max: 30,
      maxError: '银行账号为 12–30 位数字',
      label: '银行账号',
    })
      .refine((v) => v === '' || /^\d{12,30}$/.test(v), { error: '银行账号为 12–30 位数字' })
      .default(''),
    /** 分: at most what was paid into escrow less what is already requested or issued */
    amount: z
      .number({ error: '请输入开票金额' })
      .int({ error: '开票金额不正确' })
      .min(1, { error: '开票金额须大于 0' })
      .max(Number.MAX_SAFE_INTEGER, { error: '开票金额不正确' }),
    remark: optionalText('备注', 200),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'special') return;
    const need: [keyof typeof v, string][] = [
      ['taxNo', '增值税专用发票须填写纳税人识别号'],
      ['address', '增值税专用发票须填写地址、电话'],
      ['bank', '增值税专用发票须填写开户银行'],
      ['bankAccount', '增值税专用发票须填写银行账号'],
    ];
    for (const [field, message] of need) {
      if (v[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type InvoiceRequestInput = z.input<typeof invoiceRequestSchema>;

/** Invoice/upload: the winning supplier attaches the invoice it issued (its own upload, purpose `invoice`). */
export const invoiceUploadSchema = z.strictObject({
  invoiceId,
  file: fileIdSchema('发票文件'),
  /** the invoice's number as printed on it (发票号码), optional */
  number: textSchema({
    error: '发票号码不正确',
    max: 20,
    maxError: '发票号码最多 20 位',
    label: '发票号码',
  })
    .refine((v) => v === '' || /^[0-9A-Za-z]+$/.test(v), { error: '发票号码只能是数字或字母' })
    .default(''),
});
export type InvoiceUploadInput = z.input<typeof invoiceUploadSchema>;

/** Invoice/reject: the winning supplier refuses a request, saying why. */
export const invoiceRejectSchema = z.strictObject({
  invoiceId,
  reason: labelledText('拒绝原因', 200).min(1, { error: '请输入拒绝原因' }),
});
export type InvoiceRejectInput = z.input<typeof invoiceRejectSchema>;

/** Invoice/list: one project's invoices (`id`), or all of the caller's, newest first. */
export const invoiceListSchema = z.strictObject({
  id: projectIdSchema.shape.id.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type InvoiceListInput = z.input<typeof invoiceListSchema>;

export const invoiceSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  orders: z.string(),
  projectTitle: z.string(),
  /** the caller is the project's customer (it asked) or its supplier (it issues) */
  role: z.enum(['customer', 'supplier']),
  /** the other party's verified name */
  counterpart: z.string(),
  kind: z.enum(INVOICE_KINDS),
  kindText: z.string(),
  title: z.string(),
  taxNo: z.string(),
  address: z.string(),
  bank: z.string(),
  bankAccount: z.string(),
  /** 分 */
  amount: z.number(),
  remark: z.string(),
  status: z.enum(INVOICE_STATUSES),
  statusText: z.string(),
  number: z.string(),
  /** the issued invoice, to both parties; null until issued */
  file: fileRefSchema.nullable(),
  reason: z.string(),
  /** ISO 8601 */
  requested: z.string(),
  /** when issued or rejected (ISO 8601), else null */
  decided: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePrefillSchema = z.object({
  title: z.string(),
  taxNo: z.string(),
  bank: z.string(),
  bankAccount: z.string(),
});
export type InvoicePrefill = z.infer<typeof invoicePrefillSchema>;

/** `data` of Invoice/list. */
export const invoiceListResultSchema = z.object({
  listItem: z.array(invoiceSchema),
  total: z.number(),
  page: z.number(),
  /**
   * With `id`, to the project's customer: what it may still ask an invoice for (分: paid into
   * escrow less what is requested or issued) and its business verification's invoice details;
   * null otherwise.
   */
  request: z
    .object({
      paid: z.number(),
      invoiceable: z.number(),
      prefill: invoicePrefillSchema,
    })
    .nullable(),
});
export type InvoiceList = z.infer<typeof invoiceListResultSchema>;

/** GET /api/Invoice/statement?month=YYYY-MM: the supplier's commission statement (PDF) for a month. */
export const invoiceStatementQuerySchema = z.strictObject({
  month: textSchema({ error: '请选择月份', max: 7, maxError: '月份格式为 YYYY-MM', label: '月份' }).regex(
    /^\d{4}-(0[1-9]|1[0-2])$/,
    { error: '月份格式为 YYYY-MM' },
  ),
});
