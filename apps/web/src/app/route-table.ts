/** Titles of every seed page (docs/seed-map.md § Routes); app/router.tsx gives each its page. */
export const mainPages = {
  mainPage: '首页',
  orderCenter: '项目大厅',
  orderDetail: '项目详情',
  orderPrice: '项目报价',
  signContract: '签订合同',
  uploadContract: '上传合同',
  uploadReport: '上传完工报告',
  show: '企业展示',
  noPage: '页面不存在',
  waiting: '功能建设中',
  message: '消息中心',
  about: '关于我们',
  help: '帮助中心',
  collect: '我的收藏',
} as const;

/** The main pages every member and visitor may open (`app/guard.ts`; the journeys and `bench:web` open them signed out). */
export const sharedMainPages: ReadonlySet<string> = new Set(['about', 'help', 'noPage', 'show']);

/** The main pages about one project, opened with `?id=` (the journeys and `bench:web` give them a real one). */
export const projectPages: ReadonlySet<string> = new Set([
  'orderDetail',
  'orderPrice',
  'signContract',
  'uploadContract',
  'uploadReport',
]);

export const personCenterPages = {
  defaultPage: '账户概览',
  basicSetting: '基本资料',
  securitySetting: '账号安全',
  projectList: '我的项目',
  evaluateList: '我的评价',
  security_person: '实名认证',
  evaluateEdit: '回复评价',
  showRoomSetting: '展厅设置',
  uploadMyDesign: '上传设计作品',
  editMyDesign: '编辑设计作品',
  evaluateChange: '申请修改评价',
  charging: '充值',
  businessList: '收支明细',
  noPage: '页面不存在',
  newService: '发布服务',
  newWordService: '发布图文服务',
  serviceDetail: '服务详情',
  serviceList: '我的服务',
  caseOut: '案例展示',
  complaints: '我的投诉',
  complaint: '投诉详情',
  calendar: '项目日历',
} as const;

export const loginOtherPages = {
  registerSuccess: '注册成功',
  bindPhone: '绑定手机号',
  setPassword: '设置密码',
  setPasswordSuccess: '密码设置成功',
} as const;

/**
 * The customer portal's pages under /customer (docs/product.md § Roles), by their titles.
 * `app/customer-routes.tsx` draws them; `route-table.test.ts` holds the two alike, so the
 * accessibility journey, which reads this table, checks every one.
 */
export const customerPages = {
  projects: '我的项目',
  publish: '发布项目',
  project: '项目详情',
  basicSetting: '基本资料',
  securitySetting: '账号安全',
  security_person: '实名认证',
  bills: '收支明细',
  message: '消息中心',
  complaints: '我的投诉',
  complaint: '投诉详情',
  calendar: '项目日历',
} as const;

/** The operator console's pages under /admin, by their titles (`app/admin-routes.tsx`; the same test). */
export const adminPages = {
  login: '运营后台登录',
  verify: '认证审核 - 运营后台',
  projects: '项目审核 - 运营后台',
  withdrawals: '提现审核 - 运营后台',
  funds: '资金概览 - 运营后台',
  members: '会员管理 - 运营后台',
  audit: '操作日志 - 运营后台',
  notices: '站外通知 - 运营后台',
  filings: '报馆进度 - 运营后台',
  admins: '管理员 - 运营后台',
  complaints: '投诉处理 - 运营后台',
} as const;

export type MainPage = keyof typeof mainPages;
