import { z } from 'zod';
import { isRealDate, shanghaiDateTime } from '../date/date.ts';
import { FILE_ID_RE, fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { isValidRegion } from '../region/region.ts';
import { labelledText, textSchema } from '../text/text.schema.ts';
import { mobileSchema, passwordSchema } from '../user/user.schema.ts';
import { CARD_TYPES, MOBILE_RE } from '../user/user-constants.ts';
import { isValidCreditCode, isValidIdCard } from './id-checks.ts';
import {
  AUTH_STATUS,
  BS_TYPES,
  isWeakPaycode,
  PAYOUT_TYPES,
  RECEIPT_TYPES,
  SEXES,
} from './member-constants.ts';

/** A past (or today's) date 'YYYY-MM-DD' from 1900 on, or '' for none. */
function pastDateSchema(label: string) {
  return textSchema({ max: 10, maxError: `${label}格式应为 YYYY-MM-DD`, label })
    .refine((v) => v === '' || isRealDate(v), { error: `${label}格式应为 YYYY-MM-DD` })
    .refine((v) => v === '' || v >= '1900-01-01', { error: `${label}不能早于 1900 年` })
    .refine((v) => v === '' || v <= shanghaiDateTime().dates, { error: `${label}不能晚于今天` });
}

function text(label: string, max: number, min = 0, multiline = false) {
  const s = labelledText(label, max, multiline);
  return min > 0 ? s.min(min, { error: min === 1 ? `请输入${label}` : `${label}至少 ${min} 个字` }) : s;
}

const REGION_TEXT = textSchema({ max: 20, maxError: '所在地区不正确', label: '所在地区' });
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Chinese names, including rare characters and the middle dot of minority / transliterated names. */
const REALNAME_RE = /^(?!·)(?!.*··)[\p{Script=Han}·]{2,30}(?<!·)$/u;
const PERSON_NAME_RE = /^(?![·\s])[\p{Script=Han}A-Za-z·\s]{2,30}(?<![·\s])$/u;
const LANDLINE_RE = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;

// ---------- Member/updateBaseInfo ----------

/** Every field optional: only what is sent changes. prov/city/strt are one group (see docs/members.md). */
export const updateBaseInfoSchema = z
  .strictObject({
    nickname: text('昵称', 20, 1).optional(),
    userlogo: textSchema({ max: 40, maxError: '头像无效，请重新上传', label: '头像' })
      .refine((v) => v === '' || FILE_ID_RE.test(v), { error: '头像无效，请重新上传' })
      .optional(),
    company: text('公司名称', 100).optional(),
    myjob: text('职位', 50).optional(),
    birth: pastDateSchema('出生日期').optional(),
    sex: z
      .union([z.literal(0), z.literal(1), z.literal(2)], { error: '性别只能是 保密、男 或 女' })
      .optional(),
    qqnum: textSchema({ max: 12, maxError: 'QQ 号为 5–12 位数字', label: 'QQ 号' })
      .refine((v) => v === '' || /^[1-9]\d{4,11}$/.test(v), { error: 'QQ 号为 5–12 位数字' })
      .optional(),
    email: textSchema({ max: 100, maxError: '邮箱最多 100 个字符', label: '邮箱' })
      .refine((v) => v === '' || EMAIL_RE.test(v), { error: '邮箱格式不正确' })
      .optional(),
    prov: REGION_TEXT.optional(),
    city: REGION_TEXT.optional(),
    strt: REGION_TEXT.optional(),
    addr: text('详细地址', 200).optional(),
    descr: text('个人简介', 500, 0, true).optional(),
  })
  .superRefine((v, ctx) => {
    const touched = v.prov !== undefined || v.city !== undefined || v.strt !== undefined;
    if (touched && !isValidRegion(v.prov ?? '', v.city ?? '', v.strt ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['prov'], message: '所在地区不正确，请重新选择' });
    }
  });
export type UpdateBaseInfoInput = z.input<typeof updateBaseInfoSchema>;

// ---------- Member/setPayment ----------

const loginPasswordCheck = textSchema({
  error: '请输入登录密码',
  max: 128,
  maxError: '登录密码不正确',
  label: '登录密码',
  trim: false,
}).min(1, { error: '请输入登录密码' });

export const paycodeSchema = textSchema({
  error: '请输入支付密码',
  max: 6,
  maxError: '支付密码为 6 位数字',
  label: '支付密码',
})
  .min(1, { error: '请输入支付密码' })
  .regex(/^\d{6}$/, { error: '支付密码为 6 位数字' })
  .refine((v) => !isWeakPaycode(v), { error: '支付密码过于简单，不能是相同或连续的数字' });

export const setPaymentSchema = z
  .strictObject({
    password: loginPasswordCheck,
    paycode: paycodeSchema,
    repaycode: textSchema({
      error: '请再次输入支付密码',
      max: 6,
      maxError: '两次输入的支付密码不一致',
      label: '支付密码',
    }),
    payoutType: z.enum(PAYOUT_TYPES, { error: '请选择收款方式' }),
    // the server takes only a verified real name or company name (docs/withdrawals.md "The payee")
    payoutName: textSchema({
      error: '请选择收款人',
      max: 100,
      maxError: '收款人最多 100 个字',
      label: '收款人',
    }).min(1, { error: '请选择收款人' }),
    payoutAccount: textSchema({
      error: '请输入收款账号',
      max: 100,
      maxError: '收款账号不正确',
      label: '收款账号',
    }).min(1, { error: '请输入收款账号' }),
    payoutBank: textSchema({ max: 60, maxError: '开户银行最多 60 个字', label: '开户银行' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.repaycode !== v.paycode)
      ctx.addIssue({ code: 'custom', path: ['repaycode'], message: '两次输入的支付密码不一致' });
    if (v.payoutType === 'alipay') {
      if (
        !MOBILE_RE.test(v.payoutAccount) &&
        !(EMAIL_RE.test(v.payoutAccount) && v.payoutAccount.length <= 40)
      )
        ctx.addIssue({ code: 'custom', path: ['payoutAccount'], message: '支付宝账号应为手机号或邮箱' });
    } else {
      if (!/^\d{12,30}$/.test(v.payoutAccount))
        ctx.addIssue({ code: 'custom', path: ['payoutAccount'], message: '银行卡号为 12–30 位数字' });
      if (!v.payoutBank || v.payoutBank.length < 2)
        ctx.addIssue({ code: 'custom', path: ['payoutBank'], message: '请输入开户银行（至少 2 个字）' });
    }
  });
export type SetPaymentInput = z.input<typeof setPaymentSchema>;

// ---------- Member/changePwd ----------

export const changePwdSchema = z
  .strictObject({
    oldPassword: textSchema({
      error: '请输入当前密码',
      max: 128,
      maxError: '当前密码不正确',
      label: '当前密码',
      trim: false,
    }).min(1, { error: '请输入当前密码' }),
    password: passwordSchema,
  })
  .superRefine((v, ctx) => {
    if (v.password === v.oldPassword)
      ctx.addIssue({ code: 'custom', path: ['password'], message: '新密码不能与当前密码相同' });
  });
export type ChangePwdInput = z.input<typeof changePwdSchema>;

// ---------- Member/personAuth ----------

export const idcardSchema = textSchema({
  error: '请输入身份证号码',
  max: 18,
  maxError: '身份证号码不正确，请核对',
  label: '身份证号码',
})
  .min(1, { error: '请输入身份证号码' })
  .transform((v) => v.toUpperCase())
  .refine(isValidIdCard, { error: '身份证号码不正确，请核对' });

export const personAuthSchema = z
  .strictObject({
    realname: textSchema({ error: '请输入真实姓名', max: 30, maxError: '姓名最多 30 个字', label: '姓名' })
      .min(1, { error: '请输入真实姓名' })
      .regex(REALNAME_RE, { error: '请输入身份证上的中文姓名' }),
    idcard: idcardSchema,
    cardfrt: fileIdSchema('身份证人像面'),
    cardrvs: fileIdSchema('身份证国徽面'),
  })
  .superRefine((v, ctx) => {
    if (v.cardfrt === v.cardrvs)
      ctx.addIssue({ code: 'custom', path: ['cardrvs'], message: '人像面和国徽面不能是同一张图片' });
  });
export type PersonAuthInput = z.input<typeof personAuthSchema>;

// ---------- Member/businesAuth ----------

export const businesAuthSchema = z
  .strictObject({
    name: textSchema({
      error: '请输入联系人姓名',
      max: 30,
      maxError: '联系人姓名最多 30 个字',
      label: '联系人姓名',
    })
      .min(2, { error: '联系人姓名至少 2 个字' })
      .regex(PERSON_NAME_RE, { error: '请输入联系人真实姓名' }),
    mobile: mobileSchema,
    tlphone: textSchema({ max: 20, maxError: '固定电话格式如 010-12345678', label: '固定电话' })
      .refine((v) => v === '' || LANDLINE_RE.test(v), { error: '固定电话格式如 010-12345678' })
      .optional(),
    cardfrt: fileIdSchema('法人身份证人像面'),
    cardrvs: fileIdSchema('法人身份证国徽面'),
    bstype: z.enum(BS_TYPES, { error: '请选择企业类型' }),
    btitle: text('企业名称', 100, 2),
    bcerts: fileIdSchema('营业执照'),
    bdate: pastDateSchema('成立日期').optional(),
    bprov: textSchema({
      error: '请选择注册地区',
      max: 20,
      maxError: '注册地区不正确',
      label: '注册地区',
    }).min(1, {
      error: '请选择注册地区',
    }),
    bcity: textSchema({
      error: '请选择注册地区的城市',
      max: 20,
      maxError: '注册地区不正确',
      label: '注册地区',
    }).min(1, { error: '请选择注册地区的城市' }),
    bstrt: REGION_TEXT.optional(),
    receipt: z.union([z.enum(RECEIPT_TYPES), z.literal('')], { error: '请选择发票类型' }).optional(),
    fultitle: text('发票抬头', 100).optional(),
    taxorder: textSchema({
      error: '请输入统一社会信用代码',
      max: 18,
      maxError: '统一社会信用代码不正确，请核对',
      label: '统一社会信用代码',
    })
      .min(1, { error: '请输入统一社会信用代码' })
      .transform((v) => v.toUpperCase())
      .refine(isValidCreditCode, { error: '统一社会信用代码不正确，请核对' }),
    bkname: text('开户银行', 60, 2),
    bkorder: textSchema({
      error: '请输入银行账号',
      max: 30,
      maxError: '银行账号为 12–30 位数字',
      label: '银行账号',
    })
      .min(1, { error: '请输入银行账号' })
      .regex(/^\d{12,30}$/, { error: '银行账号为 12–30 位数字' }),
    mprov: REGION_TEXT.optional(),
    mcity: REGION_TEXT.optional(),
    mstrt: REGION_TEXT.optional(),
    maddr: text('邮寄地址', 200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.cardfrt === v.cardrvs)
      ctx.addIssue({ code: 'custom', path: ['cardrvs'], message: '人像面和国徽面不能是同一张图片' });
    if (v.bprov && v.bcity && !isValidRegion(v.bprov, v.bcity, v.bstrt ?? ''))
      ctx.addIssue({ code: 'custom', path: ['bprov'], message: '注册地区不正确，请重新选择' });
    if (!isValidRegion(v.mprov ?? '', v.mcity ?? '', v.mstrt ?? ''))
      ctx.addIssue({ code: 'custom', path: ['mprov'], message: '邮寄地区不正确，请重新选择' });
  });
export type BusinesAuthInput = z.input<typeof businesAuthSchema>;

// ---------- answers ----------

export const payoutInfoSchema = z.object({
  type: z.enum(['', ...PAYOUT_TYPES]),
  name: z.string(),
  /** masked */
  account: z.string(),
  bank: z.string(),
});

/** `data` of Member/userInfo: every userInfo field of the seed, plus payout and reject. */
export const userInfoSchema = z.object({
  ispaycode: z.boolean(),
  /** the member has unread tips (docs/messages.md) */
  hastips: z.boolean(),
  /** how many tips are unread (the header badge) */
  unread: z.number().int(),
  /** how many messages of the member's conversations are unread (docs/conversation.md) */
  unreadMessages: z.number().int(),
  /** an unread message nudges the member by SMS (账号安全 → 通知设置) */
  messageSms: z.boolean(),
  personauth: z.number().int(),
  businsauth: z.number().int(),
  bindwx: z.boolean(),
  openid: z.string(),
  cardno: z.string(),
  cardtype: z.enum(CARD_TYPES),
  name: z.string(),
  nickname: z.string(),
  pwd: z.string(),
  userlogo: z.string(),
  company: z.string(),
  myjob: z.string(),
  mobile: z.string(),
  birth: z.string(),
  sex: z.number().int(),
  idcard: z.string(),
  qqnum: z.string(),
  email: z.string(),
  addr: z.string(),
  prov: z.string(),
  city: z.string(),
  strt: z.string(),
  descr: z.string(),
  /** suppliers: mean of the revealed evaluations' marks, one decimal; null = 暂无评分 (docs/delivery-evaluation.md) */
  score: z.number().nullable(),
  dates: z.string(),
  times: z.string(),
  coins: z.number().int(),
  invitcoins: z.number().int(),
  invitcoins_dsnr: z.number().int(),
  invitcoins_bsns: z.number().int(),
  invitpples: z.number().int(),
  myworks: z.number().int(),
  payout: payoutInfoSchema,
  /** the names a payout account may be in: the verified real name, the verified company name */
  payees: z.array(z.string()),
  reject: z.object({ person: z.string(), business: z.string() }),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** `data` of Member/setPayment: never the pay code. */
export const setPaymentResultSchema = z.object({ ispaycode: z.boolean(), payout: payoutInfoSchema });
export type SetPaymentResult = z.infer<typeof setPaymentResultSchema>;

/** `data` of Member/personAuthInfo (or null when never submitted). */
export const personAuthInfoSchema = z.object({
  realname: z.string(),
  idcard: z.string(),
  cardfrt: fileRefSchema,
  cardrvs: fileRefSchema,
  checked: z.number().int(),
  personauth: z.number().int(),
  reason: z.string(),
  dates: z.string(),
  times: z.string(),
});
export type PersonAuthInfo = z.infer<typeof personAuthInfoSchema>;

/** `data` of Member/businesAuthInfo: the seed's authInfo (or null when never submitted). */
export const authInfoSchema = z.object({
  cardno: z.string(),
  name: z.string(),
  mobile: z.string(),
  tlphone: z.string(),
  cardfrt: fileRefSchema,
  cardrvs: fileRefSchema,
  bstype: z.string(),
  btitle: z.string(),
  bcerts: fileRefSchema,
  bdate: z.string(),
  bprov: z.string(),
  bcity: z.string(),
  bstrt: z.string(),
  receipt: z.string(),
  fultitle: z.string(),
  taxorder: z.string(),
  bkname: z.string(),
  bkorder: z.string(),
  mprov: z.string(),
  mcity: z.string(),
  mstrt: z.string(),
  maddr: z.string(),
  dates: z.string(),
  times: z.string(),
  checked: z.number().int(),
  businsauth: z.number().int(),
  reason: z.string(),
});
export type AuthInfo = z.infer<typeof authInfoSchema>;
