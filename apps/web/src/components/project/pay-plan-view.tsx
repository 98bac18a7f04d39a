import { type PayPlanResult, type PayStage, stageKindLabels, stageStatusLabels } from '@zl/shared';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { formatFen } from '../../lib/money.ts';
import { formatTime } from '../../lib/time.ts';
import { useCompact } from '../../lib/use-compact.ts';
import './pay-plan-view.css';

/** Whose eyes: the project's customer (who pays) or its winning supplier (who is paid). */
export type PayPlanSide = 'customer' | 'supplier';

const STATUS_COLOR: Record<PayStage['status'], string> = {
  due: 'gold',
  paid: 'blue',
  released: 'green',
  refunded: 'default',
};

/** A stage's name: 预付款 30%; an 增项款 has no share of the contract. */
export function stageName(s: Pick<PayStage, 'kind' | 'percent'>): string {
  const name = stageKindLabels[s.kind];
  return s.percent > 0 ? `${name} ${s.percent}%` : name;
}

/** The status tags of one stage, as each side reads them. */
function StageStatus({ stage: s, side }: { stage: PayStage; side: PayPlanSide }) {
  if (side === 'supplier') {
    if (s.overdue) return <Tag color="red">{`${stageKindLabels[s.kind]}逾期未付`}</Tag>;
    const text =
      s.status === 'due'
        ? '待参展商支付'
        : s.status === 'refunded'
          ? '已退还参展商'
          : stageStatusLabels[s.status];
    return <Tag color={STATUS_COLOR[s.status]}>{text}</Tag>;
  }
  return (
    <>
      <Tag color={STATUS_COLOR[s.status]}>{stageStatusLabels[s.status]}</Tag>
      {s.overdue && <Tag color="red">逾期</Tag>}
    </>
  );
}

/** When it was paid and released, if it was. */
function StageTimes({ stage: s }: { stage: PayStage }) {
  if (!s.paidAt && !s.releasedAt) return null;
  return (
    <div className="zl-pp-times">
      {s.paidAt && <span>支付于 {formatTime(s.paidAt)}</span>}
      {s.releasedAt && <span>结算于 {formatTime(s.releasedAt)}</span>}
    </div>
  );
}

/** The four sums of the escrow, in words each side understands. */
function EscrowSummary({ plan, side }: { plan: PayPlanResult; side: PayPlanSide }) {
  const e = plan.escrow;
  const items: Array<{ key: string; label: string; fen: number; tone?: string }> = [
    { key: 'held', label: '托管中', fen: e.held, tone: 'held' },
    {
      key: 'released',
      label: side === 'supplier' ? '已结算给您' : '已结算给供应商',
      fen: e.released,
      tone: 'released',
    },
    { key: 'due', label: side === 'supplier' ? '待参展商支付' : '待支付', fen: e.due },
    {
      key: 'overdue',
      label: side === 'supplier' ? '逾期未付' : '逾期',
      fen: e.overdue,
      ...(e.overdue > 0 ? { tone: 'overdue' } : {}),
    },
  ];
  return (
    <dl className="zl-pp-sums" aria-label="托管汇总">
      {plan.contractAmount !== null && (
        <div className="zl-pp-sum zl-pp-sum-contract">
          <dt>合同金额</dt>
          <dd>{formatFen(plan.contractAmount)}</dd>
        </div>
      )}
      {items.map((i) => (
        <div key={i.key} className={`zl-pp-sum${i.tone ? ` is-${i.tone}` : ''}`} data-sum={i.key}>
          <dt>{i.label}</dt>
          <dd>{formatFen(i.fen)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A project's payment plan, read-only (docs/staged-escrow.md): the contract amount, what is held,
 * released, due and overdue, and each stage with its share, amount, due time, status and when it
 * goes to the supplier. A table on a desktop, one card per stage on a phone (docs/web.md § Phone
 * layout). The customer's 付款计划 (payment/StagePanel) puts its 支付 button in `action`; the
 * winner's order detail shows it as it is.
 */
export function PayPlanView({
  plan,
  side,
  action,
}: {
  plan: PayPlanResult;
  side: PayPlanSide;
  /** the stage's button (the customer's 支付), or nothing */
  action?: (s: PayStage) => ReactNode;
}) {
  const compact = useCompact();
  const withAction = Boolean(action) && plan.stages.some((s) => action?.(s));
  const list = compact ? (
    <ol className="zl-pp-cards" aria-label="付款阶段">
      {plan.stages.map((s) => (
        <li key={s.id} className={`zl-pp-card${s.overdue ? ' is-overdue' : ''}`}>
          <div className="zl-pp-card-head">
            <b>{stageName(s)}</b>
            <span className="zl-pp-amount">{formatFen(s.amount)}</span>
          </div>
          <div className="zl-pp-card-tags">
            <StageStatus stage={s} side={side} />
          </div>
          <div className="zl-pp-card-line">应付时间 {formatTime(s.due)}</div>
          <StageTimes stage={s} />
          <div className="zl-pp-rule">{s.releaseRule}</div>
          {action?.(s)}
        </li>
      ))}
    </ol>
  ) : (
    <Table<PayStage>
      className="zl-pp-table"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={plan.stages}
      rowClassName={(s) => (s.overdue ? 'is-overdue' : '')}
      columns={[
        { title: '阶段', key: 'name', render: (_, s) => <b>{stageName(s)}</b> },
        {
          title: '金额',
          key: 'amount',
          align: 'right',
          render: (_, s) => <span className="zl-pp-amount">{formatFen(s.amount)}</span>,
        },
        { title: '应付时间', key: 'due', render: (_, s) => formatTime(s.due) },
        {
          title: '状态',
          key: 'status',
          render: (_, s) => (
            <>
              <StageStatus stage={s} side={side} />
              <StageTimes stage={s} />
            </>
          ),
        },
        {
          title: '结算规则',
          key: 'rule',
          render: (_, s) => <span className="zl-pp-rule">{s.releaseRule}</span>,
        },
        ...(withAction
          ? [{ title: '操作', key: 'action', render: (_: unknown, s: PayStage) => action?.(s) }]
          : []),
      ]}
    />
  );
  return (
    <div className="zl-pp">
      <EscrowSummary plan={plan} side={side} />
      {list}
    </div>
  );
}
