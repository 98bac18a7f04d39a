/**
 * The one error catalogue, shared by server and client (docs/product.md § Errors).
 * Each code names its HTTP status, how the client shows it (showType: docs/seed-map.md § Errors) and its Chinese message.
 */
export const ShowType = {
  SILENT: 0,
  WARN: 1,
  ERROR: 2,
  NOTIFY: 4,
  REDIRECT: 9,
} as const;
export type ShowType = (typeof ShowType)[keyof typeof ShowType];

interface CatalogueEntry {
  readonly http: number;
  readonly showType: ShowType;
  readonly message: string;
}

export const errorCatalogue = {
  // request shape
  VALIDATION_FAILED: { http: 400, showType: ShowType.WARN, message: '提交的信息有误，请检查后重试' },
  BAD_JSON: { http: 400, showType: ShowType.ERROR, message: '请求内容不是有效的 JSON' },
  UNSUPPORTED_MEDIA_TYPE: {
    http: 415,
    showType: ShowType.ERROR,
    message: '请求格式不受支持，请以 JSON 提交',
  },
  PAYLOAD_TOO_LARGE: { http: 413, showType: ShowType.ERROR, message: '提交的内容过大' },
  UNKNOWN_CALL: { http: 404, showType: ShowType.ERROR, message: '请求的接口不存在' },
  METHOD_NOT_ALLOWED: { http: 405, showType: ShowType.ERROR, message: '请求方式不正确' },
  RATE_LIMITED: { http: 429, showType: ShowType.WARN, message: '操作过于频繁，请稍后再试' },
  INTERNAL: { http: 500, showType: ShowType.ERROR, message: '服务器开小差了，请稍后重试' },
  SERVICE_UNAVAILABLE: { http: 503, showType: ShowType.ERROR, message: '服务正在重启，请稍后重试' },
  // session
  NOT_LOGGED_IN: { http: 401, showType: ShowType.SILENT, message: '请先登录' },
  ALREADY_LOGGED_IN: { http: 200, showType: ShowType.SILENT, message: '已登录，请勿重复登录' },
  FORBIDDEN: { http: 403, showType: ShowType.ERROR, message: '没有权限进行此操作' },
  /** A state-changing call from another site's page (Origin / Sec-Fetch-Site): docs/api.md */
  CROSS_SITE_REFUSED: {
    http: 403,
    showType: ShowType.ERROR,
    message: '请求来源不是本站，已拒绝。请在本站页面中重新操作',
  },
  NOT_FOUND: { http: 404, showType: ShowType.ERROR, message: '内容不存在或已删除' },
  INVALID_STATE: { http: 409, showType: ShowType.WARN, message: '当前状态下不能进行此操作' },
  /** docs/adr/0010-idempotency-keys.md: one Idempotency-Key, another request */
  IDEMPOTENCY_KEY_REUSED: {
    http: 422,
    showType: ShowType.ERROR,
    message: '同一次提交的内容已改变，请刷新页面后重新提交',
  },
  /** the first request with this Idempotency-Key is still running */
  IDEMPOTENCY_IN_PROGRESS: {
    http: 409,
    showType: ShowType.WARN,
    message: '上一次提交仍在处理中，请稍后刷新查看结果',
  },
  // accounts
  LOGIN_FAILED: { http: 401, showType: ShowType.ERROR, message: '手机号或密码不正确' },
  ACCOUNT_LOCKED: {
    http: 429,
    showType: ShowType.ERROR,
    message: '密码错误次数过多，账号已临时锁定，请 15 分钟后再试或找回密码',
  },
  REMEMBER_INVALID: { http: 401, showType: ShowType.SILENT, message: '自动登录已失效，请重新登录' },
  MOBILE_TAKEN: { http: 409, showType: ShowType.WARN, message: '该手机号已注册，请直接登录' },
  MOBILE_NOT_REGISTERED: { http: 404, showType: ShowType.WARN, message: '该手机号尚未注册' },
  INVITE_INVALID: { http: 400, showType: ShowType.WARN, message: '邀请码不存在' },
  SMS_TOO_FREQUENT: { http: 429, showType: ShowType.WARN, message: '验证码发送过于频繁，请稍后再试' },
  SMS_SEND_FAILED: { http: 500, showType: ShowType.ERROR, message: '短信发送失败，请稍后重试' },
  SMS_CODE_INVALID: { http: 400, showType: ShowType.WARN, message: '验证码不正确' },
  SMS_CODE_EXPIRED: { http: 400, showType: ShowType.WARN, message: '验证码已失效，请重新获取' },
  RESET_TOKEN_INVALID: {
    http: 400,
    showType: ShowType.WARN,
    message: '重置链接已失效，请重新验证手机号',
  },
  PASSWORD_SAME: { http: 400, showType: ShowType.WARN, message: '新密码不能与原密码相同' },
  // members and verification (issue 3)
  PASSWORD_WRONG: { http: 400, showType: ShowType.WARN, message: '当前密码不正确' },
  PAYCODE_WRONG: { http: 400, showType: ShowType.WARN, message: '支付密码不正确' },
  PAYCODE_NOT_SET: { http: 409, showType: ShowType.WARN, message: '请先设置支付密码' },
  AUTH_PENDING: { http: 409, showType: ShowType.WARN, message: '认证资料正在审核中，请耐心等待' },
  AUTH_ALREADY_APPROVED: { http: 409, showType: ShowType.WARN, message: '已通过认证，无需重复提交' },
  // uploads
  FILE_MISSING: { http: 400, showType: ShowType.WARN, message: '请选择要上传的文件' },
  FILE_TYPE_NOT_ALLOWED: {
    http: 415,
    showType: ShowType.WARN,
    message: '文件格式不支持，请上传 JPG、PNG、WebP 图片或 PDF',
  },
  FILE_TOO_LARGE: { http: 413, showType: ShowType.WARN, message: '文件过大' },
  UPLOAD_QUOTA_EXCEEDED: {
    http: 429,
    showType: ShowType.WARN,
    message: '今天上传的文件已达上限，请明天再试',
  },
  FILE_NOT_FOUND: { http: 404, showType: ShowType.WARN, message: '文件不存在或无权查看' },
  // operators
  ADMIN_NOT_LOGGED_IN: { http: 401, showType: ShowType.SILENT, message: '请先登录运营后台' },
  ADMIN_LOGIN_FAILED: { http: 401, showType: ShowType.ERROR, message: '用户名或密码不正确' },
  // WeChat
  WECHAT_NOT_CONFIGURED: {
    http: 503,
    showType: ShowType.WARN,
    message: '微信登录暂未开通，请使用手机号登录',
  },
  WECHAT_STATE_INVALID: { http: 400, showType: ShowType.ERROR, message: '微信登录已过期，请重新扫码' },
  WECHAT_AUTH_FAILED: { http: 502, showType: ShowType.ERROR, message: '微信授权失败，请重新扫码' },
  WECHAT_TICKET_INVALID: { http: 400, showType: ShowType.WARN, message: '绑定已过期，请重新使用微信登录' },
  WECHAT_ALREADY_BOUND: { http: 409, showType: ShowType.WARN, message: '该手机号已绑定其他微信账号' },
  // marketplace and ledger (issue 4)
  NOT_VERIFIED: { http: 403, showType: ShowType.WARN, message: '完成实名认证或企业认证后才能报价' },
  INSUFFICIENT_COINS: { http: 409, showType: ShowType.WARN, message: '金币不足，请先充值' },
  INSUFFICIENT_FUNDS: { http: 409, showType: ShowType.WARN, message: '余额不足' },
  BIDDING_CLOSED: { http: 409, showType: ShowType.WARN, message: '该项目已截止报价' },
  ALREADY_QUOTED: { http: 409, showType: ShowType.WARN, message: '您已报价，可在截止前修改报价' },
  // payments (issue 10, docs/payments.md)
  PAYMENT_NOT_CONFIGURED: {
    http: 503,
    showType: ShowType.ERROR,
    message: '在线支付暂未开通，请联系平台客服',
  },
  PAYMENT_GATEWAY_FAILED: {
    http: 502,
    showType: ShowType.ERROR,
    message: '支付宝暂时无法处理，请稍后重试',
  },
  // withdrawals (issue 10, docs/withdrawals.md)
  PAYCODE_LOCKED: {
    http: 429,
    showType: ShowType.ERROR,
    message: '支付密码错误次数过多，提现已锁定 15 分钟，请稍后再试',
  },
  PAYOUT_NOT_SET: {
    http: 409,
    showType: ShowType.WARN,
    message: '请先在「账号安全」中设置支付密码和收款账户',
  },
  /** docs/withdrawals.md "The payee": the payout account's holder is not a verified name */
  PAYOUT_NAME_MISMATCH: {
    http: 409,
    showType: ShowType.WARN,
    message: '收款人须与实名认证的姓名或企业名称一致，请在「账号安全」中更新收款账户',
  },
  WITHDRAW_DAILY_LIMIT: {
    http: 429,
    showType: ShowType.WARN,
    message: '每天最多申请 3 次提现，请明天再试',
  },
  WITHDRAW_TRANSFER_FAILED: { http: 502, showType: ShowType.ERROR, message: '支付宝打款失败' },
  // delivery: completion report and acceptance (issue 11, docs/delivery-report.md)
  ACCEPTANCE_FROZEN: {
    http: 409,
    showType: ShowType.WARN,
    message: '该项目有未处理的投诉，托管款已冻结，暂不能验收',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

/** A code of the catalogue (the /exception page shows only these, never text from its URL). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

/** Client-side fallbacks of docs/seed-map.md § Errors. */
export const FALLBACK_ERROR_MESSAGE = '请求错误，请重试。';
export const NETWORK_ERROR_MESSAGE = '网络请求失败';
