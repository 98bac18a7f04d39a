import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type ErrorCode, errorCatalogue, filePurposeSchema } from '@zl/shared';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config/env.ts';
import type { App } from '../lib/types.ts';

/** Where the document and the reference page live (docs/api.md "OpenAPI document and reference page"). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const OPENAPI_UI_PREFIX = '/api/docs';

/** One tag per seed controller, in the order the reference page lists them. */
export const API_TAGS = [
  { name: 'User', description: '账户：短信验证码、注册、登录（含记住我）、登录检查、退出、找回密码' },
  { name: 'Wechat', description: '微信网站应用登录：授权地址、回调登录、绑定手机号、首次设置密码' },
  { name: 'Member', description: '会员中心：基本资料、支付密码、修改密码、个人认证与企业认证' },
  { name: 'File', description: '文件：上传（multipart）与按编号读取（原图、缩略图）' },
  { name: 'Projectcenter', description: '供应商接单：找项目、项目详情、报价费、报价、中标信息、我的项目' },
  { name: 'Myfavorite', description: '供应商收藏的项目' },
  { name: 'Applycash', description: '提现：申请提现（支付密码、最低金额、每日次数、冻结）与提现记录' },
  { name: 'Bills', description: '收支明细：流水（筛选、分页、余额）、CSV 导出、月度收支' },
  { name: 'Customer', description: '参展商：发布与修改项目、取消、比较报价、选定中标方' },
  {
    name: 'Alipay',
    description: '支付宝：购买金币与项目预付款的支付链接、异步通知、订单状态；开发环境的沙箱网关与收银台',
  },
  {
    name: 'Admin',
    description: '运营后台：登录、会员、审计日志、运营账号、认证审核、项目审核、提现审核、资金概览',
  },
  { name: 'Dev', description: '仅开发环境：读取开发短信发件箱（生产环境不存在）' },
  { name: 'Health', description: '运维探针：进程存活与数据库就绪（不套信封）' },
  {
    name: 'Invoice',
    description: '发票：参展商申请、中标供应商开具或拒绝、双方的发票列表；供应商的平台佣金月结单',
  },
  { name: 'Complain', description: '投诉：项目双方发起投诉、答复、查看裁决（运营裁决见 Admin）' },
  { name: 'Tipcenter', description: '消息中心：消息列表（类型、已读筛选）、标记已读、删除' },
  {
    name: 'Conversation',
    description:
      '项目会话：参展商与中标方（或选标前参展商联系的报价供应商）的私聊、已读回执、撤回；成交前隐藏联系方式',
  },
  {
    name: 'Company',
    description:
      '企业展示：供应商的公司资料、案例、设计作品、服务（报价服务与图文服务）；公开展厅页数据（无需登录）',
  },
  {
    name: 'Calendar',
    description:
      '项目日历：本人项目的进场布展、开展、撤场、报馆截止与付款到期，同期进场冲突；手机日历订阅地址（iCalendar）',
  },
] as const;

const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

/**
 * What every failed call sends (lib/errors.ts errorEnvelope, through plugins/error-handler.ts):
 * described once and listed as the `default` response of every call in the document.
 */
export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false).describe('失败时恒为 false'),
    errCode: z.enum(errorCodes).describe('错误码，见 packages/shared/src/errors/catalogue.ts'),
    errMsg: z.string().describe('给用户看的中文提示'),
    data: z
      .union([
        z.null(),
        z
          .looseObject({
            fields: z
              .record(z.string(), z.string())
              .optional()
              .describe('逐字段的中文提示（VALIDATION_FAILED 等表单错误）'),
            retryAfter: z.number().optional().describe('多少秒后可再试（频率限制、锁定）'),
            status: z.number().optional().describe('项目当前状态（INVALID_STATE 时）'),
          })
          .describe('附加信息'),
      ])
      .describe('通常为 null；表单错误带 fields，频率限制带 retryAfter'),
    errorCode: z.enum(errorCodes).describe('同 errCode（第二套信封）'),
    errorMessage: z.string().describe('同 errMsg'),
    showType: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal(4), z.literal(9)])
      .describe('前端如何提示：0 静默，1 警告，2 错误，4 通知，9 跳转异常页'),
  })
  // The id makes it one shared component (#/components/schemas/ErrorEnvelope) in the document.
  .meta({
    id: 'ErrorEnvelope',
    description: '失败的信封：HTTP 状态随错误码（400/401/403/404/405/409/413/415/429/500/503）',
  });

const binaryFile = {
  description:
    '文件内容（原图按上传时的类型，缩略图为 image/webp）；找不到时为失败的信封（404 FILE_NOT_FOUND）',
  content: { 'application/octet-stream': { schema: z.file() } },
};

/**
 * The few calls whose request or answer is not JSON, so their route cannot carry a zod schema for
 * it (the runtime would validate or serialise through it): described here for the document only.
 */
const DOC_ONLY: Record<
  string,
  { body?: z.ZodType; consumes?: string[]; response?: Record<string, unknown> }
> = {
  'POST /api/File/upload': {
    consumes: ['multipart/form-data'],
    body: z.object({
      purpose: filePurposeSchema.describe('上传用途（决定允许的类型、大小与可见性），须在 file 之前'),
      file: z.file().describe('恰好一个文件'),
    }),
  },
  'GET /files/:id': { response: { 200: binaryFile } },
  'POST /api/Alipay/notify': {
    consumes: ['application/x-www-form-urlencoded'],
    body: z
      .looseObject({
        app_id: z.string(),
        out_trade_no: z.string(),
        trade_no: z.string(),
        total_amount: z.string().describe('元，两位小数'),
        trade_status: z.string().describe('TRADE_SUCCESS / TRADE_FINISHED 时入账'),
        seller_id: z.string().optional(),
        notify_id: z.string(),
        sign_type: z.literal('RSA2'),
        sign: z.string(),
      })
      .describe('支付宝异步通知的表单字段（其余字段一并参与验签）'),
    response: {
      200: {
        description: '纯文本 success（已入账或早已入账）或 failure（未通过检查，什么都没改）',
        content: { 'text/plain': { schema: z.enum(['success', 'failure']) } },
      },
    },
  },
  'GET /files/:id/thumb': { response: { 200: binaryFile } },
  'GET /api/Bills/export': {
    response: {
      200: {
        description: 'CSV 文件（UTF-8 带 BOM、CRLF；附件名 收支明细-YYYYMMDD.csv）；失败时为失败的信封',
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  },
  'GET /api/Projectcenter/contractPdf': { response: { 200: contractPdf() } },
  'GET /api/Tipcenter/stream': {
    response: {
      200: {
        description:
          '服务器推送事件流（docs/messages.md「实时更新」）：event 为 tip / unread / project / resync，data 为一行 JSON；失败时为失败的信封',
        content: { 'text/event-stream': { schema: z.string() } },
      },
    },
  },
  'POST /api/Projectcenter/contractPdf': { response: { 200: contractPdf() } },
  'GET /api/Projectcenter/changeOrderPdf': { response: { 200: changeOrderPdf() } },
  'POST /api/Projectcenter/changeOrderPdf': { response: { 200: changeOrderPdf() } },
  'GET /api/Projectcenter/filingPdf': { response: { 200: filingPdf() } },
  'POST /api/Projectcenter/filingPdf': { response: { 200: filingPdf() } },
  'GET /metrics': {
    response: {
      200: {
        description:
          'Prometheus 文本格式（text/plain; version=0.0.4）；未开启为 404，令牌不对为 401（docs/operations.md § Metrics）',
        content: { 'text/plain': { schema: z.string() } },
      },
    },
  },
  'GET /api/Calendar/feed/:token.ics': {
    response: {
      200: {
        description: 'iCalendar 日程（RFC 5545，text/calendar; charset=utf-8，docs/calendar.md）',
        content: { 'text/calendar': { schema: z.string() } },
      },
      404: {
        description: '令牌格式不对、未知或已重置（纯文本，不套信封：日历客户端只看状态码）',
        content: { 'text/plain': { schema: z.string() } },
      },
    },
  },
  'GET /api/Invoice/statement': {
    response: {
      200: {
        description: '佣金月结单 PDF（附件名 佣金月结单-YYYY-MM.pdf）；失败时为失败的信封',
        content: { 'application/pdf': { schema: z.file() } },
      },
    },
  },
};

/** docs/delivery-contract.md "Contract PDF". */
function contractPdf() {
  return {
    description: '合同 PDF（附件名 展台搭建合同-订单号.pdf）；失败时为失败的信封',
    content: { 'application/pdf': { schema: z.file() } },
  };
}

/** docs/change-orders.md "补充协议". */
function changeOrderPdf() {
  return {
    description: '补充协议 PDF（附件名 补充协议-订单号-变更单N.pdf）；失败时为失败的信封',
    content: { 'application/pdf': { schema: z.file() } },
  };
}

/** docs/filing.md "The PDF". */
function filingPdf() {
  return {
    description:
      '报馆资料 PDF（附件名 报馆资料-订单号.pdf；参展商的副本身份证号只保留后 4 位）；失败时为失败的信封',
    content: { 'application/pdf': { schema: z.file() } },
  };
}

const sandboxPage = {
  200: {
    description: '沙箱收银台（HTML 页面）或带签名的 JSON 应答（服务端调用）',
    content: { 'text/html': { schema: z.string() }, 'application/json': { schema: z.looseObject({}) } },
  },
};
const sandboxRedirect = {
  200: { description: '（实际为 303 跳转到 return_url）', content: { 'text/html': { schema: z.string() } } },
};
DOC_ONLY['GET /sandbox/alipay/gateway.do'] = { response: sandboxPage };
DOC_ONLY['POST /sandbox/alipay/gateway.do'] = {
  consumes: ['application/x-www-form-urlencoded'],
  response: sandboxPage,
};
DOC_ONLY['POST /sandbox/alipay/pay'] = {
  consumes: ['application/x-www-form-urlencoded'],
  response: sandboxRedirect,
};

const RESPONSE_TEXT: Record<string, string> = {
  200: '成功',
  503: '不可用',
  default: '失败（信封见 ErrorEnvelope；HTTP 状态随错误码）',
};

interface TransformInput {
  schema: Record<string, unknown> | undefined;
  url: string;
  route: { method: string | string[] };
}

function methodOf(route: TransformInput['route']): string {
  return Array.isArray(route.method) ? String(route.method[0]) : route.method;
}

/**
 * Serves the OpenAPI 3.1 document generated from the routes' zod schemas, and outside production a
 * Swagger UI page on it. Must be registered before the routes (it collects them as they are added).
 * The document is built on its first request and then kept: app startup pays only for collecting.
 */
export async function registerOpenApi(app: App, config: Config, version: string): Promise<void> {
  const zodTransform = createJsonSchemaTransform({});
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '展览供应商接单平台 API',
        version,
        description:
          '每个调用都是 `POST /api/{Controller}/{action}`（少数为 GET），请求与应答均为 JSON。' +
          '应答一律套在信封里：`{success, errCode, errMsg, data, errorCode, errorMessage, showType}`，' +
          '成功时 `success: true`、`errCode: "success"`，业务数据在 `data`；失败时见 `default` 应答。' +
          '登录态由 httpOnly Cookie 携带（会员 `zl_sid`，运营后台 `zl_admin`）。',
      },
      tags: API_TAGS.map((t) => ({ ...t })),
    },
    transform: (input) => {
      const { schema, url, route } = input as unknown as TransformInput;
      const extra = DOC_ONLY[`${methodOf(route)} ${url}`];
      // A copy: the route's own schema object is what the runtime validates and serialises with.
      const responses: Record<string, unknown> = {
        ...(schema?.response as Record<string, unknown> | undefined),
        ...extra?.response,
        default: errorEnvelopeSchema,
      };
      const documented = {
        ...schema,
        ...(extra?.body ? { body: extra.body, consumes: extra.consumes } : {}),
        response: Object.fromEntries(
          Object.entries(responses).map(([status, r]) => [
            status,
            r instanceof z.ZodType
              ? {
                  description: RESPONSE_TEXT[status] ?? status,
                  content: { 'application/json': { schema: r } },
                }
              : r,
          ]),
        ),
      };
      return zodTransform({ ...input, schema: documented } as Parameters<typeof zodTransform>[0]);
    },
    transformObject: (input) => {
      const doc = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
      // The error envelope is only ever an answer: its request-side twin is noise.
      delete doc.components?.schemas?.ErrorEnvelopeInput;
      return doc as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });

  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());

  if (!config.isProduction) {
    await app.register(fastifySwaggerUi, {
      routePrefix: OPENAPI_UI_PREFIX,
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
      theme: { title: '展览供应商接单平台 API' },
    });
  }
}
