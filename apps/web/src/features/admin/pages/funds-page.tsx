import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { useQuery } from '@tanstack/react-query';
import type { FundsOverview } from '@zl/shared';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { formatFen } from '../../../lib/money.ts';
import { daysSince } from '../../../lib/time.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { fundsOverviewQuery, useLedgerRecheck } from '../api/withdraw.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { fmtTime } from '../labels.tsx';

function Figure(props: { label: string; value: string; hint?: React.ReactNode; testId?: string }) {
  return (
    <div className="zl-funds-card">
      <span className="zl-admin-muted">{props.label}</span>
      <b data-testid={props.testId}>{props.value}</b>
      {props.hint ? <span className="zl-admin-muted zl-funds-hint">{props.hint}</span> : null}
    </div>
  );
}

type OverdueItem = FundsOverview['overdue']['items'][number];

/** Who owes what since when (docs/staged-escrow.md "Overdue"). */
const OVERDUE_COLUMNS: ColumnsType<OverdueItem> = [
  {
    title: '项目',
    key: 'project',
    render: (_, r) => (
      <>
        <div>{r.title}</div>
        <span className="zl-admin-muted">{r.orders}</span>
      </>
    ),
  },
  {
    title: '参展商',
    key: 'customer',
    render: (_, r) => (
      <>
        <div>{r.customerName || '—'}</div>
        <span className="zl-admin-muted">{r.customerMobile}</span>
      </>
    ),
  },
  { title: '阶段', dataIndex: 'kindText', key: 'kind' },
  { title: '金额', key: 'amount', align: 'right', render: (_, r) => formatFen(r.amount) },
  {
    title: '应付时间',
    key: 'due',
    render: (_, r) => (
      <>
        <div>{fmtTime(r.dueAt)}</div>
        <span className="zl-admin-danger">逾期 {daysSince(r.dueAt)} 天</span>
      </>
    ),
  },
];

/** 资金概览: the ledger check and the platform's money figures (docs/withdrawals.md). */
export default function FundsPage() {
  const q = useQuery(fundsOverviewQuery());
  const recheck = useLedgerRecheck();
  const submit = useSubmitOnce();
  const d = q.data;
  if (q.error && !d)
    return (
      <Result
        status="error"
        title="资金数据暂时无法读取"
        extra={<Button onClick={() => void q.refetch()}>重试</Button>}
      />
    );
  if (!d)
    return (
      <div className="zl-admin-panel">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  return (
    <div className="zl-admin-panel">
      <div className={`zl-funds-ledger ${d.ledger.ok ? 'is-ok' : 'is-bad'}`} data-testid="ledger-check">
        {d.ledger.ok ? <CheckCircleFilled /> : <CloseCircleFilled />}
        <div>
          <b>{d.ledger.ok ? '账本核对通过' : `账本核对异常（${d.ledger.problems} 处）`}</b>
          <div className="zl-admin-muted">
            {d.ledger.accounts} 个账户、{d.ledger.transactions}{' '}
            笔交易：每个余额等于其分录之和，每笔交易借贷平衡（每小时核对，最近一次{' '}
            {fmtTime(d.ledger.checkedAt)}）{d.ledger.ok ? '' : '。请立即停止打款并联系技术人员'}
          </div>
        </div>
        <Button
          icon={<ReloadOutlined />}
          loading={submit.busy}
          onClick={() => void submit.run(() => recheck.mutateAsync())}
          style={{ marginLeft: 'auto' }}
        >
          重新核对
        </Button>
      </div>
      <div className="zl-funds-grid">
        <Figure
          label="今日入账"
          value={formatFen(d.inflowToday)}
          hint="支付宝充值金币与项目款项"
          testId="inflow-today"
        />
        <Figure label="本月入账" value={formatFen(d.inflowMonth)} hint="按北京时间自然月" />
        <Figure label="托管中的项目款" value={formatFen(d.escrowHeld)} hint="按付款计划结算给供应商" />
        <Figure label="平台佣金（累计）" value={formatFen(d.commission)} hint="托管款结算时按阶段收取" />
        <Figure
          label="待处理提现"
          value={formatFen(d.pendingAmount)}
          testId="pending-amount"
          hint={<Link to="/admin/withdrawals">{d.pendingCount} 笔待打款 ›</Link>}
        />
        <Figure label="本月已打款" value={formatFen(d.paidMonth)} hint={`${d.paidMonthCount} 笔`} />
        <Figure
          label="逾期未付的项目款"
          value={formatFen(d.overdue.amount)}
          testId="overdue-amount"
          hint={`${d.overdue.count} 笔，参展商未按付款计划支付`}
        />
      </div>
      <h3 className="zl-funds-title">逾期未付（最早的 50 笔）</h3>
      <AdminTable<OverdueItem>
        rowKey={(r) => `${r.projectId}-${r.kind}`}
        columns={OVERDUE_COLUMNS}
        list={{ data: { listItem: d.overdue.items }, isFetching: q.isFetching }}
        locale={{ emptyText: '没有逾期未付的款项' }}
        aria-label="逾期未付"
      />
      <div className="zl-admin-muted" style={{ marginTop: 12 }}>
        数据取自平台账本，统计时间 {fmtTime(d.at)}
      </div>
    </div>
  );
}
