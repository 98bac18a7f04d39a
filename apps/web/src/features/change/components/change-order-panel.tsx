import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { CHANGE_PENDING_MAX } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { formatFen } from '../../../lib/money.ts';
import { useChangeOrders } from '../api/change-orders.ts';
import { ChangeFormModal } from './change-form.tsx';
import { ChangeOrderCard, type ChangeSide } from './change-order-card.tsx';
import { ReviewActions } from './review-actions.tsx';
import '../change.css';

/**
 * 变更单 of one project (`#changes`; 增项 / 减项 after the award): to its winning supplier (`side`
 * supplier) the orders with their outcome and, while signing or building, 提出变更; to its customer
 * the orders and 同意 / 拒绝 on each pending one. The list call is refused (NOT_FOUND) before the
 * award and to anyone else: the panel then stays away, and so it does while there is nothing to
 * show or do.
 */
export function ChangeOrderPanel({
  projectId,
  side,
  className,
}: {
  projectId: number;
  side: ChangeSide;
  /** the page's spacing around the panel */
  className?: string;
}) {
  const { data, isLoading, error } = useChangeOrders(projectId);
  const [adding, setAdding] = useState(false);
  const cls = className ? ` ${className}` : '';
  if (isLoading) return <Skeleton active className={`zl-panel${cls}`} />;
  if (error || !data) return null;
  const items = data.listItem;
  const canAdd = side === 'supplier' && data.canAdd;
  if (items.length === 0 && !canAdd) return null;
  const pending = items.filter((o) => o.status === 'pending').length;

  return (
    <section className={`zl-panel zl-chg${cls}`} id="changes" aria-label="变更单">
      <div className="zl-chg-top">
        <h2>变更单</h2>
        {data.contractAmount !== null && (
          <span className="zl-chg-contract">
            当前合同金额 <b className="zl-chg-amount">{formatFen(data.contractAmount)}</b>
          </span>
        )}
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            提出变更
          </Button>
        )}
      </div>
      {side === 'customer' && pending > 0 && (
        <Alert
          type="warning"
          showIcon
          className="zl-chg-alert"
          title={`供应商提出了 ${pending} 张变更单，请查看明细后同意或拒绝`}
          description="同意后合同金额和付款计划随之调整，并生成补充协议；拒绝时请写明原因。"
        />
      )}
      {items.length === 0 ? (
        <p className="zl-chg-muted zl-chg-empty">
          签约或施工期间需要增加或减少施工内容时，可在此提出变更单；参展商同意后合同金额和付款计划随之调整，并生成补充协议。
        </p>
      ) : (
        <ol className="zl-chg-list">
          {items.map((o) => (
            <ChangeOrderCard
              key={o.id}
              order={o}
              side={side}
              actions={
                side === 'customer' && o.status === 'pending' ? (
                  <ReviewActions projectId={projectId} order={o} contractAmount={data.contractAmount} />
                ) : undefined
              }
            />
          ))}
        </ol>
      )}
      {side === 'supplier' && !data.canAdd && pending >= CHANGE_PENDING_MAX && (
        <p className="zl-chg-muted">{`已有 ${pending} 张变更单等待参展商确认，确认后可再提出。`}</p>
      )}
      {side === 'supplier' && (
        <ChangeFormModal
          projectId={projectId}
          reducible={data.reducible}
          open={adding}
          onClose={() => setAdding(false)}
        />
      )}
    </section>
  );
}
