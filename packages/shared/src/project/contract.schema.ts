import { z } from 'zod';
import { fileIdSchema } from '../file/file.schema.ts';
import { labelledText } from '../text/text.schema.ts';

/** docs/delivery-contract.md: the contract calls' bodies. */
const projectId = z.coerce
  .number({ error: '项目编号不正确' })
  .int({ error: '项目编号不正确' })
  .min(1, { error: '项目编号不正确' })
  .max(Number.MAX_SAFE_INTEGER, { error: '项目编号不正确' });

export const CONTRACT_MAX_FILES = 10;

/** `Projectcenter/contractPdf` (POST body or GET query). */
export const contractPdfSchema = z.strictObject({ id: projectId });

/** `Projectcenter/fUpdateContract`: the signed contract, 1–10 of the supplier's own uploads. */
export const contractUploadSchema = z.strictObject({
  id: projectId,
  files: z
    .array(fileIdSchema('合同文件'), { error: '请上传合同文件' })
    .min(1, { error: '请上传合同文件' })
    .max(CONTRACT_MAX_FILES, { error: `合同文件最多 ${CONTRACT_MAX_FILES} 个` }),
});
export type ContractUploadInput = z.input<typeof contractUploadSchema>;

/** `Customer/contractReview`: approve, or reject with a 2–200 character reason. */
export const contractReviewSchema = z
  .strictObject({
    id: projectId,
    approve: z.boolean({ error: '请选择通过或驳回' }),
    reason: labelledText('驳回原因', 200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.approve) return;
    const r = v.reason ?? '';
    if (r.length < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: r.length === 0 ? '请填写驳回原因' : '驳回原因至少 2 个字',
      });
  });
export type ContractReviewInput = z.input<typeof contractReviewSchema>;

/** What the two contract calls answer: the project's contract state. */
export const contractStateSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  statusText: z.string(),
  contctck: z.number().int(),
  contctckdt: z.string(),
  contract: z.array(z.string()),
  /** the customer's rejection reason when contctck 3, else '' */
  reason: z.string(),
  ispaid: z.boolean(),
  prepay: z.number().int(),
});
export type ContractState = z.infer<typeof contractStateSchema>;

/** A won project's delivery step in the supplier's 我的项目 list: the step label and his one next action. */
export const deliveryStepViewSchema = z.object({
  label: z.string(),
  next: z.object({ label: z.string(), href: z.string().nullable() }),
});
export type DeliveryStepView = z.infer<typeof deliveryStepViewSchema>;
