import { useQuery } from '@tanstack/react-query';
import { type AdminWithdrawItem, WITHDRAW_STATUS_TEXT, type WithdrawStatus } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportFormError, submitValidated } from '../../../lib/form-errors.ts';
import { formatFen } from '../../../lib/money.ts';
import { useWithdrawReview, withdrawListQuery } from '../api/withdraw.ts';
import { AdminTable, StatusTabs, useListFilters } from '../components/admin-table.tsx';
import { RejectModal } from '../components/reject-modal.tsx';
import { cardtypeShort, fmtTime } from '../labels.tsx';

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<WithdrawStatus, string> = {
  pending: 'processing',
  paid: 'success',
  rejected: 'error',
};
const TYPE_TEXT: Record<string, string> = { alipay: '支付宝', bank: '银行卡' };
/**
 * The payee beside the member's verified names (docs/withdrawals.md "The payee"): Alipay and the
 * banks pay only the named holder, so a payee that is none of them is flagged before paying.
 */
export function PayeeCheck({ item }: { item: AdminWithdrawItem }) {
  const verified = [item.verifiedRealname, item.verifiedCompany].filter(Boolean);
  const ok = verified.includes(item.payoutName);
  return (
    <span className="zl-admin-payee">
      {item.payoutName} {ok ? <Tag color="success">与认证一致</Tag> : <Tag color="error">与认证不符</Tag>}
      <span className="zl-admin-muted">认证：{verified.length > 0 ? verified.join(' / ') : '未认证'}</span>
    </span>
  );
}

const REJECT_PICKS = ['收款账户信息有误', '收款人与认证姓名不符', '账户存在异常，请联系客服'] as const;

function PayModal(props: {
  item: AdminWithdrawItem | null;
  alipay: boolean;
  sandbox: boolean;
  onClose: () => void;
}) {
  const { item } = props;
  const [form] = Form.useForm<{ via: 'alipay' | 'manual'; reference?: string }>();
  const review = useWithdrawReview();
  const canAlipay = props.alipay && item?.payoutType === 'alipay';
  const via = Form.useWatch('via', form) ?? (canAlipay ? 'alipay' : 'manual');

  async function onOk() {
    if (!item) return;
    await submitValidated(
      form,
      async (v) => {
        const out = await review.mutateAsync({
          id: item.id,
          approve: true,
          ...(v.via === 'manual' ? { reference: (v.reference ?? '').trim() } : {}),
        });
        withFeedback((f) => f.message.success(`已打款 ${formatFen(item.amount)}，凭证 ${out.reference}`));
        props.onClose();
      },
      (err) => reportFormError(form, err, { WITHDRAW_TRANSFER_FAILED: 'via' }),
    );
  }

  return (
    <Modal
      title="确认打款"
      open={item !== null}
      okText={via === 'alipay' ? '确认通过支付宝打款' : '确认已打款'}
      okButtonProps={{ loading: review.isPending }}
      onOk={() => void onOk()}
      onCancel={props.onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      {item ? (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="金额">
              <b className="zl-admin-money">{formatFen(item.amount)}</b>
            </Descriptions.Item>
            <Descriptions.Item label="收款方式">
              {TYPE_TEXT[item.payoutType] ?? item.payoutType}
              {item.payoutBank ? ` · ${item.payoutBank}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="收款人">
              <PayeeCheck item={item} />
            </Descriptions.Item>
            <Descriptions.Item label="收款账号">
              <span className="zl-admin-mono">{item.payoutAccount}</span>
            </Descriptions.Item>
            <Descriptions.Item label="会员">
              {item.name}（{item.cardno} · {cardtypeShort[item.cardtype] ?? item.cardtype}）
            </Descriptions.Item>
          </Descriptions>
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ via: canAlipay ? 'alipay' : 'manual' }}
          >
            <Form.Item name="via" label="打款方式">
              <Radio.Group>
                <Radio value="alipay" disabled={!canAlipay}>
                  通过支付宝转账{props.sandbox ? '（沙箱）' : ''}
                </Radio>
                <Radio value="manual">已线下打款，填写凭证号</Radio>
              </Radio.Group>
            </Form.Item>
            {via === 'manual' ? (
              <Form.Item
                name="reference"
                label="打款凭证号"
                rules={[
                  { required: true, whitespace: true, message: '请填写银行或支付宝的打款凭证号' },
                  { max: 64, message: '打款凭证号最多 64 个字' },
                ]}
              >
                <Input maxLength={64} placeholder="银行流水号 / 支付宝订单号" autoComplete="off" />
              </Form.Item>
            ) : (
              <Alert
                type="info"
                showIcon
                title={`将通过支付宝单笔转账向 ${item.payoutAccount} 打款 ${formatFen(item.amount)}`}
              />
            )}
          </Form>
          {!props.alipay ? (
            <div className="zl-admin-muted" style={{ marginTop: 8 }}>
              未配置支付宝转账：请先通过银行或支付宝线下打款，再填写凭证号。
            </div>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}

/** 提现审核: the queue of withdrawal requests; 打款 (Alipay or a manual reference) or 驳回 with a reason. */
export default function WithdrawPage() {
  const { q, set, paging } = useListFilters<{ status?: WithdrawStatus | undefined }>(PAGE_SIZE, {
    status: 'pending',
  });
  const list = useQuery(withdrawListQuery(q));
  const [paying, setPaying] = useState<AdminWithdrawItem | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawItem | null>(null);
  const review = useWithdrawReview();
  const data = list.data;

  async function reject(reason: string) {
    if (!rejecting) return;
    try {
      await review.mutateAsync({ id: rejecting.id, approve: false, reason });
      withFeedback((f) => f.message.success('已驳回，金额已退回会员余额'));
      setRejecting(null);
    } catch (err) {
      handleError(err);
    }
  }

  const columns: ColumnsType<AdminWithdrawItem> = [
    { title: '编号', dataIndex: 'id', render: (v: number) => <span className="zl-admin-mono">W{v}</span> },
    {
      title: '金额',
      dataIndex: 'amount',
      align: 'right',
      render: (v: number) => <b className="zl-admin-money">{formatFen(v)}</b>,
    },
    {
      title: '会员',
      key: 'member',
      render: (_: unknown, r) => (
        <div>
          <div>{r.name || '—'}</div>
          <div className="zl-admin-muted zl-admin-mono">
            {r.cardno} · {r.mobile}
          </div>
        </div>
      ),
    },
    {
      title: '收款账户',
      key: 'payout',
      render: (_: unknown, r) => (
        <div>
          <div>
            {TYPE_TEXT[r.payoutType] ?? r.payoutType} · <PayeeCheck item={r} />
          </div>
          <div className="zl-admin-muted zl-admin-mono">
            {r.payoutBank ? `${r.payoutBank} ` : ''}
            {r.payoutAccount}
          </div>
        </div>
      ),
    },
    { title: '申请时间', dataIndex: 'created', render: fmtTime },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: WithdrawStatus, r) => (
        <div>
          <Tag color={STATUS_COLOR[v]}>{r.statusText}</Tag>
          {r.status === 'paid' && r.reference ? (
            <div className="zl-admin-muted zl-admin-mono">凭证 {r.reference}</div>
          ) : null}
          {r.status === 'rejected' && r.reason ? <div className="zl-admin-muted">{r.reason}</div> : null}
        </div>
      ),
    },
    {
      title: '处理',
      key: 'reviewed',
      responsive: ['lg'],
      render: (_: unknown, r) =>
        r.reviewedAt ? (
          <div className="zl-admin-muted">
            {r.reviewer ?? '—'}
            <br />
            {fmtTime(r.reviewedAt)}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_: unknown, r) =>
        r.status === 'pending' ? (
          <Space size={4}>
            <Button type="primary" size="small" onClick={() => setPaying(r)}>
              打款
            </Button>
            <Button danger size="small" onClick={() => setRejecting(r)}>
              驳回
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <div className="zl-admin-panel">
      <div className="zl-admin-toolbar">
        <StatusTabs
          value={q.status ?? 'all'}
          onChange={(v) => set({ status: v === 'all' ? undefined : v })}
          order={['pending', 'paid', 'rejected']}
          texts={WITHDRAW_STATUS_TEXT}
        />
        <span className="zl-admin-muted" style={{ marginLeft: 'auto' }}>
          {data
            ? `共 ${data.total} 笔 · ${data.alipay ? `支付宝转账已开通${data.sandbox ? '（沙箱）' : ''}` : '线下打款（未配置支付宝转账）'}`
            : ''}
        </span>
      </div>
      <AdminTable<AdminWithdrawItem> rowKey="id" columns={columns} list={list} paging={paging} />
      <PayModal
        item={paying}
        alipay={data?.alipay ?? false}
        sandbox={data?.sandbox ?? false}
        onClose={() => setPaying(null)}
      />
      <RejectModal
        open={rejecting !== null}
        busy={review.isPending}
        title={rejecting ? `驳回提现 W${rejecting.id}（${formatFen(rejecting.amount)}）` : '驳回提现'}
        picks={REJECT_PICKS}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => void reject(reason)}
      />
    </div>
  );
}
