import type { ChangeLine } from '@zl/shared';
import { formatFen } from '../../../lib/money.ts';
import { useCompact } from '../../../lib/use-compact.ts';

/**
 * An order's priced lines, read-only, with the 合计: a small table on a desktop, one card per line
 * on a phone (no column past the screen's edge, docs/web.md § Phone layout).
 */
export function ChangeLines({ lines, amount }: { lines: ChangeLine[]; amount: number }) {
  const compact = useCompact();
  if (compact)
    return (
      <div className="zl-chg-lines-cards">
        <ul aria-label="变更明细">
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines are fixed, in order
            <li key={i} className="zl-chg-line-card">
              <div className="zl-chg-line-card-head">
                <b>{l.name}</b>
                <span className="zl-chg-amount">{formatFen(l.amount)}</span>
              </div>
              <div className="zl-chg-muted">
                {l.categoryName}
                {l.spec && ` · ${l.spec}`}
              </div>
              <div className="zl-chg-muted">
                {l.qty} {l.unit} × {formatFen(l.price)}
              </div>
            </li>
          ))}
        </ul>
        <div className="zl-chg-total">
          合计 <b className="zl-chg-amount">{formatFen(amount)}</b>
        </div>
      </div>
    );
  return (
    <table className="zl-chg-table" aria-label="变更明细">
      {/* fixed widths: the columns line up from one order to the next */}
      <colgroup>
        <col className="zl-chg-col-cat" />
        <col />
        <col />
        <col className="zl-chg-col-qty" />
        <col className="zl-chg-col-money" />
        <col className="zl-chg-col-money" />
      </colgroup>
      <thead>
        <tr>
          <th>类别</th>
          <th>名称</th>
          <th>规格</th>
          <th className="zl-chg-num">数量</th>
          <th className="zl-chg-num">单价</th>
          <th className="zl-chg-num">金额</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines are fixed, in order
          <tr key={i}>
            <td>{l.categoryName}</td>
            <td>{l.name}</td>
            <td>{l.spec || '—'}</td>
            <td className="zl-chg-num">
              {l.qty} {l.unit}
            </td>
            <td className="zl-chg-num">{formatFen(l.price)}</td>
            <td className="zl-chg-num">{formatFen(l.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={5} className="zl-chg-num">
            合计
          </td>
          <td className="zl-chg-num">
            <b>{formatFen(amount)}</b>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
