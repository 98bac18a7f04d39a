import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { type UserInfo, WITHDRAW_RULES, type WithdrawItem, type WithdrawStatus } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatFen } from '../../../lib/money.ts';
import { formatTime } from '../../../lib/time.ts';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import { useWithdrawList } from '../api/withdraw.ts';
import { WithdrawModal } from './withdraw-modal.tsx';
import '../withdraw.css';

const STATUS_COLOR: Record<WithdrawStatus, string> = {
  pending: 'processing',
  paid: 'success',
  rejected: 'error',
};
const PAGE_SIZE = 5;

function RecordRow({ item }: { item: WithdrawItem }) {
  return (
    <li className="zl-wd-row">
      <div className="zl-wd-row-main">
        <b>{formatFen(item.amount)}</b>
        <Tag color={STATUS_COLOR[item.status]}>{item.statusText}</Tag>
      </div>
      <div className="zl-wd-row-meta">
        <span>{formatTime(item.created)} 申请</span>
        <span>
          {item.payoutType === 'bank' ? '银行卡' : '支付宝'} {item.payoutAccount}
        </span>
        {item.reviewedAt ? (
          <span>
            {formatTime(item.reviewedAt)} {item.status === 'paid' ? '打款' : '处理'}
          </span>
        ) : null}
      </div>
      {item.status === 'rejected' && item.reason ? (
        <div className="zl-wd-reason">驳回原因：{item.reason}</div>
      ) : null}
    </li>
  );
}

/**
 * 账户余额 on 账户概览: available and frozen cash, 提现 (docs/withdrawals.md) and 提现记录. Without a
 * pay password or payout account, a link to 账号安全 instead of the button.
 */
export function CashSection({ user }: { user: UserInfo }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const list = useWithdrawList(page, PAGE_SIZE);
  const data = list.data;
  useScrollToHash(Boolean(data));
  const ready = user.ispaycode && Boolean(user.payout?.account);
  const cash = data?.balance.cash ?? 0;
  const frozen = data?.balance.frozen ?? 0;
  const canWithdraw = ready && cash >= WITHDRAW_RULES.minFen;

  return (
    <section className="zl-wd" aria-label="账户余额">
      <div className="zl-wd-balance">
        <div className="zl-wd-figures">
          <div>
            <span className="zl-ov-muted">
              <WalletOutlined /> 可提现余额
            </span>
            <b className="zl-wd-cash" data-testid="cash-available">
              {data ? formatFen(cash) : '—'}
            </b>
          </div>
          <div>
            <span className="zl-ov-muted">提现中（冻结）</span>
            <b className="zl-wd-frozen" data-testid="cash-frozen">
              {data ? formatFen(frozen) : '—'}
            </b>
          </div>
        </div>
        <div className="zl-wd-actions">
          {ready ? (
            <Button type="primary" disabled={!canWithdraw} onClick={() => setOpen(true)}>
              提现
            </Button>
          ) : (
            <Link to="/personCenter/securitySetting">
              <Button type="primary">设置支付密码与收款账户</Button>
            </Link>
          )}
          <span className="zl-ov-muted">
            最低 {formatFen(WITHDRAW_RULES.minFen)} · 每日最多 {WITHDRAW_RULES.dailyLimit} 次
          </span>
        </div>
      </div>
      {!ready ? (
        <Alert
          type="warning"
          showIcon
          title={
            <>
              提现前请先在 <Link to="/personCenter/securitySetting">账号安全</Link> 设置支付密码和收款账户。
            </>
          }
        />
      ) : null}

      {/* the 提现申请未通过 tip links here (#withdrawals); each rejected record shows its reason */}
      <div className="zl-wd-records" id="withdrawals">
        <div className="zl-ov-card-head">
          <span>提现记录</span>
          {data && data.total > 0 ? <span className="zl-ov-muted">共 {data.total} 笔</span> : null}
        </div>
        {!data ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : data.listItem.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无提现记录" />
        ) : (
          <>
            <ul className="zl-wd-list">
              {data.listItem.map((i) => (
                <RecordRow key={i.id} item={i} />
              ))}
            </ul>
            {data.total > PAGE_SIZE ? (
              <Pagination
                size="small"
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                onChange={setPage}
                showSizeChanger={false}
              />
            ) : null}
          </>
        )}
      </div>
      {ready && data ? (
        <WithdrawModal
          open={open}
          onClose={() => setOpen(false)}
          user={user}
          cash={cash}
          today={data.today}
        />
      ) : null}
    </section>
  );
}
