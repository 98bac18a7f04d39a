import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import { formatFen } from '../../../lib/money.ts';
import { fundsOverviewQuery } from '../api/withdraw.ts';
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

/** 资金概览: the ledger check and the platform's money figures (docs/withdrawals.md). */
export default function FundsPage() {
  const q = useQuery(fundsOverviewQuery());
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
            笔交易：每个余额等于其分录之和，每笔交易借贷平衡
            {d.ledger.ok ? '' : '。请立即停止打款并联系技术人员'}
          </div>
        </div>
        <Button
          icon={<ReloadOutlined />}
          loading={q.isFetching}
          onClick={() => void q.refetch()}
          style={{ marginLeft: 'auto' }}
        >
          重新核对
        </Button>
      </div>
      <div className="zl-funds-grid">
        <Figure
          label="今日入账"
          value={formatFen(d.inflowToday)}
          hint="支付宝充值金币与预付款"
          testId="inflow-today"
        />
        <Figure label="本月入账" value={formatFen(d.inflowMonth)} hint="按北京时间自然月" />
        <Figure label="托管中的预付款" value={formatFen(d.escrowHeld)} hint="验收后结算给供应商" />
        <Figure label="平台佣金（累计）" value={formatFen(d.commission)} hint="预付款结算时收取" />
        <Figure
          label="待处理提现"
          value={formatFen(d.pendingAmount)}
          testId="pending-amount"
          hint={<Link to="/admin/withdrawals">{d.pendingCount} 笔待打款 ›</Link>}
        />
        <Figure label="本月已打款" value={formatFen(d.paidMonth)} hint={`${d.paidMonthCount} 笔`} />
      </div>
      <div className="zl-admin-muted" style={{ marginTop: 12 }}>
        数据取自平台账本，统计时间 {fmtTime(d.at)}
      </div>
    </div>
  );
}
