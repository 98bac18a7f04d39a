import { shanghaiIso, shanghaiToday } from '../date/date.ts';
import { CONTRACT_CHECK, PROJECT_STATUS, REPORT_CHECK } from './project-states.ts';

/**
 * The delivery progress of a project, computed from its detail fields alone (docs/delivery-contract.md
 * "Milestones" and "Step table"): the dated milestones, and the current step with the ONE next action
 * of each party. Pure: the pages and the server call it with the same fields and get the same answer.
 */

/** Number of days the customer has to decide on a completion report before the system accepts it. */
export const AUTO_ACCEPT_DAYS_DEFAULT = 7;

export interface DeliveryFields {
  status: number;
  /** contract review: 0 none · 1 uploaded, waiting · 2 approved · 3 rejected */
  contctck: number;
  /** `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai) of the last contract upload/review, '' none */
  contctckdt: string;
  ispaid: boolean;
  /** prepayment asked, 分 */
  prepay: number;
  /** report review: 0 none · 1 uploaded, waiting · 2 accepted · 3 sent back */
  reportck: number;
  /** `YYYY-MM-DD HH:mm:ss` of the last report upload/review, '' none */
  reportdate: string;
  complaintOpen: boolean;
  /** the build-in start (ISO, docs/show-dates.md); without it, the day before the show */
  buildStart?: string;
  /** show dates `YYYY-MM-DD` */
  sdate: string;
  edate: string;
  /** bidding deadline, ISO */
  biddl: string;
  /** how a status-7 project was closed */
  closedBy?: string;
  /** a completed project: which sides have evaluated (docs/delivery-evaluation.md); unknown = neither */
  evaluatedBy?: { supplier: boolean; customer: boolean } | undefined;
  /**
   * The payment plan's next stage to pay after the prepayment (进场款, 尾款 …), when the customer
   * may pay it now (docs/staged-escrow.md); absent or null: nothing beyond the prepayment is due.
   */
  dueStage?: { label: string; overdue: boolean } | null | undefined;
}

export type MilestoneKey =
  | 'biddl'
  | 'contract'
  | 'prepay'
  | 'buildIn'
  | 'show'
  | 'moveOut'
  | 'report'
  | 'accept';

export interface Milestone {
  key: MilestoneKey;
  label: string;
  /** `YYYY-MM-DD` (or `YYYY-MM-DD HH:mm` for the deadline / a recorded time); '' when not known yet */
  date: string;
  done: boolean;
  /** not done while the date by which it was due has passed */
  overdue: boolean;
  /** a short explanation (e.g. 无需预付款, 合同被驳回) */
  note: string;
}

export type DeliveryRole = 'supplier' | 'customer';

export interface NextAction {
  label: string;
  /** the page to open (seed route with `?id=`), null when the action is waiting on the other party */
  href: string | null;
  /** true when the caller only waits (no button, a hint) */
  waiting: boolean;
}

export interface DeliveryStep {
  /** short label of where the project is, e.g. 待签合同 */
  label: string;
  supplier: NextAction;
  customer: NextAction;
}

const DAY = 86_400_000;

/** `YYYY-MM-DD` ± days, calendar arithmetic in UTC (the dates carry no time zone). */
export function addDays(ymd: string, days: number): string {
  const t = Date.parse(`${ymd}T00:00:00Z`);
  if (Number.isNaN(t)) return '';
  return new Date(t + days * DAY).toISOString().slice(0, 10);
}

/** The build-in day (进场) of a project without its own build-in start: the day before the show opens. */
export function buildInDate(sdate: string): string {
  return addDays(sdate, -1);
}

function biddlText(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return shanghaiIso(t).slice(0, 16).replace('T', ' ');
}

const S = PROJECT_STATUS;

/** The milestone list, in order; `now` decides overdue marks. */
export function deliveryMilestones(p: DeliveryFields, now: Date = new Date()): Milestone[] {
  const today = shanghaiToday(now);
  const closed = p.status === S.CLOSED;
  const awarded = p.status >= S.AWARDED && !closed;
  const building = p.status >= S.BUILDING && !closed;
  const contractDone = p.contctck === CONTRACT_CHECK.APPROVED && p.status >= S.SIGNING;
  const prepayDone = p.prepay === 0 ? contractDone || building : p.ispaid;
  const buildIn =
    p.buildStart && !Number.isNaN(Date.parse(p.buildStart))
      ? shanghaiToday(Date.parse(p.buildStart))
      : buildInDate(p.sdate);
  const reportDone = p.status >= S.ACCEPTING && !closed;
  const accepted = p.status === S.DONE;
  /** passed: strictly after the day */
  const passed = (ymd: string) => ymd !== '' && today > ymd;
  const reached = (ymd: string) => ymd !== '' && today >= ymd;
  const live = !closed && p.status !== S.DONE;
  return [
    {
      key: 'biddl',
      label: '竞标截止',
      date: biddlText(p.biddl),
      done: p.status >= S.AWARDED || Date.parse(p.biddl) <= now.getTime(),
      overdue: false,
      note: '',
    },
    {
      key: 'contract',
      label: '签订合同',
      date: contractDone ? p.contctckdt.slice(0, 10) : '',
      done: contractDone || building,
      overdue: live && awarded && !contractDone && !building && reached(buildIn),
      note:
        p.contctck === CONTRACT_CHECK.REJECTED
          ? '合同被驳回'
          : p.contctck === CONTRACT_CHECK.PENDING && !contractDone
            ? '待参展商审核'
            : '',
    },
    {
      key: 'prepay',
      label: '支付预付款',
      date: '',
      done: prepayDone || building,
      overdue: live && awarded && !prepayDone && !building && reached(buildIn),
      note: p.prepay === 0 ? '无需预付款' : '',
    },
    {
      key: 'buildIn',
      label: '进场',
      date: buildIn,
      done: building && reached(buildIn),
      overdue: false,
      note: '开展前一天',
    },
    {
      key: 'show',
      label: '开展',
      date: p.sdate,
      done: !closed && reached(p.sdate) && building,
      overdue: false,
      note: '',
    },
    {
      key: 'moveOut',
      label: '撤场',
      date: p.edate,
      done: !closed && reached(p.edate) && building,
      overdue: false,
      note: '',
    },
    {
      key: 'report',
      label: '完工报告',
      date: reportDone ? p.reportdate.slice(0, 10) : '',
      done: reportDone,
      overdue: live && awarded && !reportDone && passed(p.sdate),
      note: p.reportck === REPORT_CHECK.REWORK && p.status === S.BUILDING ? '报告被退回，待重新提交' : '',
    },
    {
      key: 'accept',
      label: '验收',
      date: accepted && p.reportck === REPORT_CHECK.ACCEPTED ? p.reportdate.slice(0, 10) : '',
      done: accepted,
      overdue: false,
      note: p.complaintOpen ? '投诉处理中，暂停自动验收' : '',
    },
  ];
}

const wait = (label: string): NextAction => ({ label, href: null, waiting: true });
const go = (label: string, href: string): NextAction => ({ label, href, waiting: false });

/**
 * The current step and the one next action of each party. Supplier actions link to the seed pages
 * (`/signContract?id=`, `/uploadContract?id=`, `/uploadReport?id=`) or to the evaluation on
 * `/orderDetail?id=#evaluation`; customer actions link to the
 * customer's project page, to the section for that action (`#quotes`, `#contract`, `#prepay`,
 * `#acceptance`, `#evaluation`).
 */
export function deliveryStep(p: DeliveryFields & { id: number }): DeliveryStep {
  const id = p.id;
  const project = `/customer/project?id=${id}`;
  if (p.status === S.CLOSED) {
    const label = p.closedBy === 'complaint' ? '已关闭（投诉裁决）' : '已关闭';
    return { label, supplier: wait('项目已关闭'), customer: wait('项目已关闭') };
  }
  if (p.complaintOpen && p.status >= S.AWARDED) {
    return {
      label: '投诉处理中',
      supplier: wait('等待平台处理投诉'),
      customer: wait('等待平台处理投诉'),
    };
  }
  switch (p.status) {
    case S.PENDING_REVIEW:
      return { label: '待审核', supplier: wait('项目审核中'), customer: wait('等待平台审核') };
    case S.BIDDING:
      return {
        label: '竞标中',
        supplier: wait('等待竞标结果'),
        customer: go('比较报价并选标', `${project}#quotes`),
      };
    case S.AWARDED:
      return {
        label: '待签合同',
        supplier: go('下载并签订合同', `/signContract?id=${id}`),
        customer: wait('等待供应商上传合同'),
      };
    case S.SIGNING:
      if (p.contctck === CONTRACT_CHECK.PENDING)
        return {
          label: '合同待审核',
          supplier: wait('等待参展商审核合同'),
          customer: go('审核合同', `${project}#contract`),
        };
      if (p.contctck === CONTRACT_CHECK.REJECTED)
        return {
          label: '合同被驳回',
          supplier: go('重新上传合同', `/uploadContract?id=${id}`),
          customer: wait('等待供应商重新上传合同'),
        };
      if (p.contctck === CONTRACT_CHECK.APPROVED && !p.ispaid && p.prepay > 0)
        return {
          label: '待付预付款',
          supplier: wait('等待预付款'),
          customer: go('支付预付款', `${project}#prepay`),
        };
      // approved and nothing to pay: the next transition (3 → 4) is immediate; a brief window only
      return { label: '待开工', supplier: wait('等待开工'), customer: wait('等待开工') };
    case S.BUILDING:
      // a booth is not finished before it is built: the report waits for the build-in (docs/delivery-report.md)
      if (p.reportck !== REPORT_CHECK.REWORK && p.buildStart && Date.parse(p.buildStart) > Date.now())
        return {
          label: '待进场',
          supplier: wait(
            `${shanghaiIso(new Date(p.buildStart)).slice(5, 16).replace('T', ' ')} 进场后上传完工报告`,
          ),
          customer: p.dueStage ? go(`支付${p.dueStage.label}`, `${project}#stages`) : wait('等待供应商进场'),
        };
      return {
        label: p.reportck === REPORT_CHECK.REWORK ? '报告被退回' : '施工中',
        supplier: go(
          p.reportck === REPORT_CHECK.REWORK ? '修改完工报告' : '上传完工报告',
          `/uploadReport?id=${id}`,
        ),
        // a stage of the plan due now is the customer's one action (进场款 before the build-in …)
        customer: p.dueStage ? go(`支付${p.dueStage.label}`, `${project}#stages`) : wait('等待供应商完工'),
      };
    case S.ACCEPTING:
      // the acceptance waits for every stage: the one due comes first
      if (p.dueStage)
        return {
          label: `待付${p.dueStage.label}`,
          supplier: wait(`等待参展商支付${p.dueStage.label}`),
          customer: go(`支付${p.dueStage.label}`, `${project}#stages`),
        };
      return {
        label: '待验收',
        supplier: wait('等待验收'),
        customer: go('验收完工报告', `${project}#acceptance`),
      };
    case S.DONE:
      return {
        label: '已完成',
        supplier: p.evaluatedBy?.supplier
          ? wait('已评价')
          : go('评价参展商', `/orderDetail?id=${id}#evaluation`),
        customer: p.evaluatedBy?.customer ? wait('已评价') : go('评价供应商', `${project}#evaluation`),
      };
    default:
      return { label: '', supplier: wait(''), customer: wait('') };
  }
}
