import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { labelledText, textSchema } from '../text/text.schema.ts';

/**
 * A supplier's works (docs/works.md): designs (设计作品: uploadMyDesign / editMyDesign) and
 * services (服务: newService priced with images, newWordService text-only). Every supplier
 * record is public on its showcase page (/show) and by id for the detail pages.
 */
export const WORKS_RULES = {
  maxDesigns: 50,
  maxServices: 30,
  maxImages: 9,
  titleMin: 2,
  titleMax: 40,
  styleMax: 20,
  /** ㎡, whole numbers */
  areaMax: 100_000,
  descriptionMax: 1000,
  contentMin: 10,
  contentMax: 5000,
  /** 分: ¥1,000,000 per unit */
  priceMax: 100_000_000,
} as const;

/** Design styles offered by the form (the field accepts any short text). */
export const DESIGN_STYLES = [
  '现代简约',
  '科技感',
  '中式',
  '欧式',
  '工业风',
  '自然生态',
  '奢华',
  '极简',
] as const;

/** Price units of a priced service. */
export const SERVICE_UNITS = ['元/㎡', '元/项', '元/天', '元/套', '元/个'] as const;
export type ServiceUnit = (typeof SERVICE_UNITS)[number];

export const SERVICE_KINDS = ['priced', 'text'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

const recordId = (label: string) =>
  z
    .number({ error: `${label}不存在` })
    .int({ error: `${label}不存在` })
    .min(1, { error: `${label}不存在` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label}不存在` });

const title = (label: string) =>
  labelledText(label, WORKS_RULES.titleMax).min(WORKS_RULES.titleMin, {
    error: `${label}至少 ${WORKS_RULES.titleMin} 个字`,
  });

const images = (label: string, min: number) =>
  z
    .array(fileIdSchema(label), { error: `${label}不正确` })
    .min(min, { error: `请上传至少 ${min} 张${label}` })
    .max(WORKS_RULES.maxImages, { error: `${label}最多 ${WORKS_RULES.maxImages} 张` });

// ---------- designs: Company/saveDesign, editDesign ----------

export const designFieldsSchema = z.strictObject({
  title: title('作品名称'),
  style: labelledText('设计风格', WORKS_RULES.styleMax).min(1, { error: '请输入设计风格' }),
  /** ㎡ */
  area: z
    .number({ error: '请输入展台面积' })
    .int({ error: '展台面积为整数平方米' })
    .min(1, { error: '展台面积至少 1 平方米' })
    .max(WORKS_RULES.areaMax, { error: `展台面积最多 ${WORKS_RULES.areaMax} 平方米` }),
  images: images('作品图片', 1),
  description: labelledText('作品说明', WORKS_RULES.descriptionMax, true).default(''),
});
export type DesignInput = z.input<typeof designFieldsSchema>;

export const designEditSchema = designFieldsSchema.extend({ id: recordId('设计作品') });
export type DesignEditInput = z.input<typeof designEditSchema>;

export const designIdSchema = z.strictObject({ id: recordId('设计作品') });

// ---------- services: Company/saveService, editService ----------

/**
 * The fields of a service, each checked on its own (so every field answers its own message), then
 * what its kind needs: a priced service has a price, a unit and 1–9 pictures, its description at
 * most 1,000 characters; a text service has no price and a text of 10–5,000 characters.
 */
export const SERVICE_FIELDS = {
  kind: z.enum(SERVICE_KINDS, { error: '服务类型不正确' }),
  title: title('服务名称'),
  /** 分 per unit */
  price: z
    .number({ error: '请输入价格' })
    .int({ error: '价格以分为单位，须为整数' })
    .min(1, { error: '价格须大于 0' })
    .max(WORKS_RULES.priceMax, { error: '价格最多 ¥1,000,000' }),
  unit: z.enum(SERVICE_UNITS, { error: '请选择计价单位' }),
  pricedImages: images('服务图片', 1),
  textImages: images('配图', 0),
  description: labelledText('服务说明', WORKS_RULES.descriptionMax, true),
  content: labelledText('服务内容', WORKS_RULES.contentMax, true).min(WORKS_RULES.contentMin, {
    error: `服务内容至少 ${WORKS_RULES.contentMin} 个字`,
  }),
} as const;

const serviceShape = {
  kind: SERVICE_FIELDS.kind,
  title: SERVICE_FIELDS.title,
  price: SERVICE_FIELDS.price.optional(),
  unit: SERVICE_FIELDS.unit.optional(),
  images: SERVICE_FIELDS.textImages.default([]),
  content: labelledText('服务内容', WORKS_RULES.contentMax, true).default(''),
};

type ServiceShape = z.infer<z.ZodObject<typeof serviceShape>>;

function checkKind(v: ServiceShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.kind === 'priced') {
    if (v.price === undefined) issue('price', '请输入价格');
    if (v.unit === undefined) issue('unit', '请选择计价单位');
    if (v.images.length < 1) issue('images', '请上传至少 1 张服务图片');
    if (v.content.length > WORKS_RULES.descriptionMax)
      issue('content', `服务说明最多 ${WORKS_RULES.descriptionMax} 个字`);
  } else {
    if (v.price !== undefined) issue('price', '图文服务没有价格');
    if (v.unit !== undefined) issue('unit', '图文服务没有计价单位');
    if (v.content.length < WORKS_RULES.contentMin)
      issue('content', `服务内容至少 ${WORKS_RULES.contentMin} 个字`);
  }
}

export const serviceFieldsSchema = z.strictObject(serviceShape).superRefine(checkKind);
export type ServiceInput = z.input<typeof serviceFieldsSchema>;

export const serviceIdSchema = z.strictObject({ id: recordId('服务') });

export const serviceEditSchema = z
  .strictObject({ ...serviceShape, id: recordId('服务') })
  .superRefine(checkKind);
export type ServiceEditInput = z.input<typeof serviceEditSchema>;

// ---------- public: Company/showWorks ----------

export const showWorksSchema = z.strictObject({
  cardno: textSchema({
    error: '供应商编号不正确',
    max: 8,
    maxError: '供应商编号不正确',
    label: '供应商编号',
  }).regex(/^\d{8}$/, { error: '供应商编号不正确' }),
});

// ---------- answers ----------

export const designViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  style: z.string(),
  area: z.number(),
  images: z.array(fileRefSchema),
  description: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type DesignView = z.infer<typeof designViewSchema>;

export const serviceViewSchema = z.object({
  id: z.number(),
  kind: z.enum(SERVICE_KINDS),
  title: z.string(),
  /** 分 per unit; null for text services */
  price: z.number().nullable(),
  unit: z.enum(SERVICE_UNITS).nullable(),
  images: z.array(fileRefSchema),
  /** the description of a priced service, the text of a text service (paragraphs split by new lines) */
  content: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type ServiceView = z.infer<typeof serviceViewSchema>;

/** Whose work it is: the public name and member number (for the link to /show). */
export const worksOwnerSchema = z.object({ cardno: z.string(), name: z.string() });
export type WorksOwner = z.infer<typeof worksOwnerSchema>;

export const designInfoSchema = designViewSchema.extend({
  supplier: worksOwnerSchema,
  /** the caller owns it (may edit it) */
  mine: z.boolean(),
});
export type DesignInfo = z.infer<typeof designInfoSchema>;

export const serviceInfoSchema = serviceViewSchema.extend({ supplier: worksOwnerSchema, mine: z.boolean() });
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;

export const designListSchema = z.object({
  listItem: z.array(designViewSchema),
  total: z.number(),
  max: z.number(),
});
export type DesignList = z.infer<typeof designListSchema>;

export const serviceListSchema = z.object({
  listItem: z.array(serviceViewSchema),
  total: z.number(),
  max: z.number(),
});
export type ServiceList = z.infer<typeof serviceListSchema>;

export const showWorksResultSchema = z.object({
  supplier: worksOwnerSchema,
  designs: z.array(designViewSchema),
  services: z.array(serviceViewSchema),
});
export type ShowWorks = z.infer<typeof showWorksResultSchema>;

export const worksDeletedSchema = z.object({ id: z.number() });
