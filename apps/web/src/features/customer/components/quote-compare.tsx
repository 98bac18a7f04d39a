import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import type { PayPlan, CustomerQuote as Quote, CustomerQuoteLine as QuoteLine } from '@zl/shared';
import {
  AUTH_STATUS,
  CUSTOMER_VERIFY_PATH,
  QUOTE_STATUS,
  quoteStatusLabels,
  REQUIREMENT_CATEGORIES,
  type RequirementCategory,
  splitPlan,
  stageKindLabels,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ScoreBadge } from '../../../components/project/score-badge.tsx';
import { TrackRecord } from '../../../components/project/track-record.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { formatFen } from '../../../lib/money.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { useOverflowX } from '../../../lib/use-overflow-x.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { useAward } from '../api/award.ts';
import { useOpenThread } from '../api/open-thread.ts';

/** Ids of the quotes with the lowest total (ties all count), among the ones still in the running. */
export function lowestQuoteIds(quotes: Quote[]): Set<number> {
  const live = quotes.filter((q) => q.status !== QUOTE_STATUS.CLOSED);
  if (live.length === 0) return new Set();
  const min = Math.min(...live.map((q) => q.total));
  return new Set(live.filter((q) => q.total === min).map((q) => q.quoteId));
}

function supplierName(q: Quote) {
  // the verified name (docs/members.md "Party names"); the profile's company is not verified
  return q.supplier.name || `会员 ${q.supplier.cardno}`;
}

function Lines({ lines }: { lines: QuoteLine[] | undefined }) {
  if (!lines || lines.length === 0) return null;
  return (
    <ul className="zl-cmp-lines">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are shown, never reordered
        <li key={i}>
          <span>
            {l.name}
            {l.spec ? <em> · {l.spec}</em> : null}
          </span>
          <span className="zl-mono">
            {l.qty}
            {l.unit} × {formatFen(l.price)} = {formatFen(l.amount ?? l.qty * l.price)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the project's payment plan makes of a quote's total, stage by stage, as the award would
 * (docs/staged-escrow.md): `splitPlan`, without the stages of 0 分 the server leaves out.
 */
export function planPreview(total: number, plan: PayPlan) {
  return splitPlan(total, plan).filter((s) => s.amount > 0);
}

/** 「预付款 ¥x · 进场款 ¥y · 尾款 ¥z」: each stage kept whole when the line wraps. */
function PlanAmounts({ total, plan }: { total: number; plan: PayPlan }) {
  const stages = planPreview(total, plan);
  if (stages.length === 0) return <>—</>;
  return (
    <span className="zl-cmp-plan">
      {stages.map((s, i) => (
        <span key={s.kind} data-stage={s.kind}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          <span className="zl-cmp-stage">
            {stageKindLabels[s.kind]} <span className="zl-mono">{formatFen(s.amount)}</span>
          </span>
        </span>
      ))}
    </span>
  );
}

interface Row {
  key: string;
  label: ReactNode;
  cell: (q: Quote) => ReactNode;
  className?: string;
}

/**
 * 报价对比: one column per supplier, one row per category subtotal, then the total, the days, the
 * remark and the attachments. The lowest total is marked; after the award the losers are greyed.
 */
/**
 * The category rows worth showing: the ones the customer asked for (`requested`), plus any a quote
 * nevertheless priced (money is never hidden). A category nobody asked for is not a ¥0.00 row.
 */
export function shownCategories(
  quotes: Quote[],
  requested: readonly RequirementCategory[] = [],
): (typeof REQUIREMENT_CATEGORIES)[number][] {
  const asked = new Set<string>(requested);
  return REQUIREMENT_CATEGORIES.filter(
    ([key]) =>
      asked.has(key) ||
      quotes.some(
        (q) =>
          (q.subtotals[key as RequirementCategory] ?? 0) !== 0 ||
          (q.lines[key as RequirementCategory]?.length ?? 0) > 0,
      ),
  );
}

export function QuoteCompare({
  projectId,
  quotes,
  canAward,
  requested,
  onAwarded,
  verified,
  payPlan,
}: {
  projectId: number;
  quotes: Quote[];
  /** the project's payment plan: each total is shown split by it (a 付款计划 row, and in the award dialog) */
  payPlan?: PayPlan | undefined;
  canAward: boolean;
  /**
   * The customer's identity is verified (personal or business). false: the award is refused by
   * the server, so the page says so before the click (docs/delivery-contract.md "Award");
   * undefined while not known.
   */
  verified?: boolean | undefined;
  /** the categories of the project's requirement lists */
  requested?: readonly RequirementCategory[];
  onAwarded?: () => void;
}) {
  const [details, setDetails] = useState(false);
  const [choosing, setChoosing] = useState<Quote | null>(null);
  const [scroller, overflow] = useOverflowX<HTMLDivElement>();
  const award = useAward();
  const openThread = useOpenThread();
  const contacting = useSubmitOnce();
  const lowest = lowestQuoteIds(quotes);
  const decided = quotes.some((q) => q.status === QUOTE_STATUS.WON);

  if (quotes.length === 0)
    return <Empty description={canAward ? '还没有供应商报价，竞标截止前会陆续收到报价' : '没有收到报价'} />;

  async function confirm() {
    if (!choosing) return;
    try {
      await award.mutateAsync({ id: projectId, quoteId: choosing.quoteId });
      withFeedback((f) => f.message.success(`已选择 ${supplierName(choosing)} 中标`));
      setChoosing(null);
      onAwarded?.();
    } catch (e) {
      setChoosing(null);
      const text = isBizError(e) ? e.message : '操作失败，请重试';
      withFeedback((f) => f.message.error(text));
    }
  }

  const rows: Row[] = [
    ...shownCategories(quotes, requested).map(
      ([key, label]): Row => ({
        key,
        label,
        cell: (q) => (
          <>
            <span className="zl-mono">{formatFen(q.subtotals[key as RequirementCategory] ?? 0)}</span>
            {details && <Lines lines={q.lines[key as RequirementCategory]} />}
          </>
        ),
      }),
    ),
    {
      key: 'total',
      label: '报价合计',
      className: 'zl-cmp-total',
      cell: (q) => (
        <span className="zl-cmp-money">
          {formatFen(q.total)}
          {lowest.has(q.quoteId) && quotes.length > 1 && (
            <Tag color="green" className="zl-cmp-lowest">
              最低价
            </Tag>
          )}
        </span>
      ),
    },
    ...(payPlan
      ? [
          {
            key: 'plan',
            label: '付款计划',
            cell: (q: Quote) => <PlanAmounts total={q.total} plan={payPlan} />,
          },
        ]
      : []),
    { key: 'days', label: '施工工期', cell: (q) => `${q.days} 天` },
    {
      key: 'remark',
      label: '报价说明',
      cell: (q) => <span className="zl-cmp-remark">{q.remark || '—'}</span>,
    },
    {
      key: 'attachments',
      label: '附件',
      cell: (q) =>
        q.attachments.length === 0
          ? '—'
          : q.attachments.map((a, i) => (
              <a key={a.id} href={a.url} target="_blank" rel="noreferrer" className="zl-cmp-file">
                <PaperClipOutlined /> {`附件 ${i + 1}`}
              </a>
            )),
    },
  ];

  /** 联系: the customer's thread with this bidder, opened on 消息中心 → 会话 */
  function contact(q: Quote) {
    void contacting.run(async () => {
      try {
        const t = await openThread.mutateAsync({ id: projectId, supplierCardno: q.supplier.cardno });
        navigateTo(`/customer/message?thread=${t.id}`);
      } catch {
        // the shared handler said why
      }
    });
  }

  const colClass = (q: Quote) =>
    [
      q.status === QUOTE_STATUS.WON ? 'zl-cmp-won' : '',
      decided && q.status !== QUOTE_STATUS.WON ? 'zl-cmp-lost' : '',
      !decided && lowest.has(q.quoteId) && quotes.length > 1 ? 'zl-cmp-best' : '',
    ]
      .filter(Boolean)
      .join(' ');

  return (
    <div className="zl-cmp">
      <div className="zl-cmp-bar">
        <span className="zl-cust-muted">共 {quotes.length} 份报价，金额由平台按单价 × 数量计算</span>
        <span className="zl-cmp-switch">
          <Switch size="small" id="zl-cmp-details" checked={details} onChange={setDetails} />
          <label htmlFor="zl-cmp-details">显示报价明细</label>
        </span>
      </div>
      {canAward && verified === false && (
        <Alert
          className="zl-cmp-verify"
          type="warning"
          showIcon
          title="选标前请先完成实名认证或企业认证"
          description={
            <>
              合同将以您认证的姓名或企业名称作为甲方，认证通过后即可选标。{' '}
              <Link to={CUSTOMER_VERIFY_PATH}>去认证</Link>
            </>
          }
        />
      )}
      {overflow.overflows && (
        <div className="zl-cmp-hint" role="note">
          {overflow.atEnd ? '← 向右滑回可看前面的报价' : `左右滑动查看全部 ${quotes.length} 份报价 →`}
        </div>
      )}
      <div
        className={overflow.overflows && !overflow.atEnd ? 'zl-cmp-scroll zl-cmp-more' : 'zl-cmp-scroll'}
        ref={scroller}
      >
        <table className="zl-cmp-table" aria-label="报价对比">
          <thead>
            <tr>
              <th scope="col" className="zl-cmp-label">
                供应商
              </th>
              {quotes.map((q) => (
                <th key={q.quoteId} scope="col" className={colClass(q)} data-quote={q.quoteId}>
                  <div className="zl-cmp-name">
                    {q.status === QUOTE_STATUS.WON && <TrophyOutlined className="zl-cmp-trophy" />}
                    <a
                      href={`/show?id=${q.supplier.cardno}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      title="在新窗口查看供应商展厅"
                    >
                      {supplierName(q)}
                    </a>
                  </div>
                  <div className="zl-cmp-tags">
                    {q.supplier.personauth === AUTH_STATUS.APPROVED && <Tag color="blue">实名认证</Tag>}
                    {q.supplier.businsauth === AUTH_STATUS.APPROVED && <Tag color="gold">企业认证</Tag>}
                    {q.status === QUOTE_STATUS.WON && <Tag color="green">中标</Tag>}
                    {q.status === QUOTE_STATUS.LOST && <Tag>{quoteStatusLabels[QUOTE_STATUS.LOST]}</Tag>}
                  </div>
                  <div className="zl-cust-muted">
                    {/* null until the supplier has a revealed evaluation (docs/delivery-evaluation.md) */}
                    <ScoreBadge score={q.supplier.score} />
                  </div>
                  <TrackRecord record={q.supplier.trackRecord} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className={r.className}>
                <th scope="row" className="zl-cmp-label">
                  {r.label}
                </th>
                {quotes.map((q) => (
                  <td key={q.quoteId} className={colClass(q)}>
                    {r.cell(q)}
                  </td>
                ))}
              </tr>
            ))}
            {canAward && (
              <tr>
                <th scope="row" className="zl-cmp-label">
                  沟通
                </th>
                {quotes.map((q) => (
                  <td key={q.quoteId} className={colClass(q)}>
                    <Button
                      icon={<MessageOutlined />}
                      loading={
                        openThread.isPending && openThread.variables?.supplierCardno === q.supplier.cardno
                      }
                      onClick={() => contact(q)}
                      aria-label={`联系 ${supplierName(q)}`}
                    >
                      联系
                    </Button>
                  </td>
                ))}
              </tr>
            )}
            {canAward && (
              <tr>
                <th scope="row" className="zl-cmp-label">
                  选标
                </th>
                {quotes.map((q) => (
                  <td key={q.quoteId} className={colClass(q)}>
                    <Button
                      type="primary"
                      disabled={verified === false}
                      onClick={() => setChoosing(q)}
                      aria-label={`选他中标：${supplierName(q)}`}
                    >
                      选他中标
                    </Button>
                  </td>
                ))}
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Modal
        title="确认选标"
        open={choosing !== null}
        okText="确认中标"
        onOk={() => void confirm()}
        onCancel={() => setChoosing(null)}
        okButtonProps={{ loading: award.isPending }}
        destroyOnHidden
      >
        {choosing && (
          <>
            <p>
              选择 <strong>{supplierName(choosing)}</strong> 中标，报价{' '}
              <strong>{formatFen(choosing.total)}</strong>，工期 {choosing.days} 天。
            </p>
            {payPlan && (
              <p data-testid="award-plan" className="zl-cmp-plan-line">
                按付款计划：
                <PlanAmounts total={choosing.total} plan={payPlan} />
              </p>
            )}
            <p className="zl-cust-muted">
              选标后不能更改：其他供应商将收到未中标通知，中标供应商可以看到你的联系方式并上传合同。
            </p>
          </>
        )}
      </Modal>
    </div>
  );
}
