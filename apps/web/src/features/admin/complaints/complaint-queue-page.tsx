import { useQuery } from '@tanstack/react-query';
import {
  type AdminComplaintDetail,
  COMPLAINT_STATE_TEXT,
  type ComplaintItem,
  type ComplaintState,
  complaintRuleSchema,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportFormError } from '../../../lib/form-errors.ts';
import { formatFen, isNegativeAmount, parseYuanToFen } from '../../../lib/money.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { ComplaintStateTag, EvidenceList, RulingCard } from '../../complaint/index.ts';
import { adminComplaintQuery, complaintQueueQuery, useComplaintRule } from '../api/complaints.ts';
import { AdminTable, StatusTabs, useListFilters } from '../components/admin-table.tsx';
import { fmtTime } from '../labels.tsx';
import { ComplaintMessages } from './complaint-messages.tsx';

const PAGE_SIZE = 20;

/** What the supplier receives of `releasedFen` and the platform's commission (as the server books it). */
export function splitPreview(heldFen: number, refundFen: number, bp: number) {
  const released = Math.max(0, heldFen - refundFen);
  const commission = Math.floor((released * bp) / 10_000);
  return { released, commission, payout: released - commission };
}

function RuleForm({ c, onDone }: { c: AdminComplaintDetail; onDone: () => void }) {
  const [form] = Form.useForm<{ decision: 'dismiss' | 'split'; refund: string; reason: string }>();
  const rule = useComplaintRule();
  const decision = Form.useWatch('decision', form) ?? 'dismiss';
  const refundText = Form.useWatch('refund', form) ?? '0';
  const refundFen = parseYuanToFen(refundText) ?? 0;
  const preview = splitPreview(c.escrowHeld, refundFen, c.commissionBp);

  async function submit(v: { decision: 'dismiss' | 'split'; refund: string; reason: string }) {
    try {
      const out = await rule.mutateAsync({
        id: c.id,
        decision: v.decision,
        ...(v.decision === 'split' ? { refundFen: parseYuanToFen(v.refund) ?? 0 } : {}),
        reason: v.reason,
      });
      withFeedback((f) =>
        f.message.success(
          v.decision === 'split'
            ? `已裁决：项目已关闭${out.refundSent ? '，退款已原路退回' : ''}`
            : '已驳回投诉，项目继续',
        ),
      );
      onDone();
    } catch (err) {
      reportFormError(form, err, {}, { refundFen: 'refund' });
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ decision: 'dismiss', refund: '0' }}
      onFinish={(v) => void submit(v)}
      data-testid="complaint-rule-form"
    >
      <Form.Item name="decision" label="裁决结果">
        <Radio.Group>
          <Radio value="dismiss">驳回投诉（项目继续）</Radio>
          <Radio value="split">关闭项目并分配托管款</Radio>
        </Radio.Group>
      </Form.Item>
      {decision === 'split' && (
        <>
          <Form.Item
            name="refund"
            label={`退还参展商（元，托管中 ${formatFen(c.escrowHeld)}）`}
            rules={[
              {
                validator: async (_: unknown, value: string | undefined) => {
                  const text = (value ?? '').trim() || '0';
                  if (isNegativeAmount(text)) throw new Error('退款金额不能为负');
                  const fen = parseYuanToFen(text);
                  if (fen === null) throw new Error('请输入正确的金额，最多两位小数');
                  if (fen > c.escrowHeld) throw new Error(`不能超过托管中的 ${formatFen(c.escrowHeld)}`);
                },
              },
            ]}
          >
            <Input inputMode="decimal" prefix="¥" disabled={c.escrowHeld === 0} autoComplete="off" />
          </Form.Item>
          <Alert
            type="info"
            showIcon
            className="zl-complaint-alert"
            data-testid="split-preview"
            title={
              c.escrowHeld === 0
                ? '该项目没有托管中的预付款，裁决只关闭项目。'
                : `供应商实收 ${formatFen(preview.payout)}（结算 ${formatFen(preview.released)}，平台佣金 ${formatFen(preview.commission)}，佣金比例 ${c.commissionBp / 100}%）`
            }
          />
        </>
      )}
      <Form.Item
        name="reason"
        label="裁决理由（双方可见）"
        rules={[zodRule(complaintRuleSchema.shape.reason)]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={rule.isPending} danger={decision === 'split'}>
        提交裁决
      </Button>
    </Form>
  );
}

function ComplaintDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: c, isPending } = useQuery(adminComplaintQuery(id));
  return (
    <Drawer open={id > 0} onClose={onClose} title="投诉处理" size="large" destroyOnHidden>
      {isPending || !c ? (
        <Skeleton active />
      ) : (
        <div className="zl-complaint">
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'p', label: '项目', children: `${c.projectTitle}（${c.orders}）` },
              { key: 'd', label: '展期', children: `${c.sdate} 至 ${c.edate}` },
              { key: 't', label: '类型', children: c.type },
              { key: 's', label: '状态', children: <ComplaintStateTag state={c.state} text={c.stateText} /> },
              {
                key: 'who',
                label: '投诉方',
                children: `${c.complainant.sideText} ${c.complainant.name}`,
              },
              { key: 'r', label: '被投诉方', children: `${c.respondent.sideText} ${c.respondent.name}` },
              { key: 'pp', label: '预付款', children: formatFen(c.prepay) },
              { key: 'e', label: '托管中', children: <b>{formatFen(c.escrowHeld)}</b> },
              { key: 'due', label: '答复期限', children: fmtTime(c.answerDue) },
            ]}
          />
          <section className="zl-complaint-stmt">
            <h3>投诉内容 · {fmtTime(c.created)}</h3>
            <p className="zl-complaint-text">{c.content}</p>
            <EvidenceList files={c.files} />
          </section>
          <section className="zl-complaint-stmt">
            <h3>答复陈述{c.answeredAt ? ` · ${fmtTime(c.answeredAt)}` : ''}</h3>
            <p className="zl-complaint-text">{c.answer || '被投诉方尚未答复'}</p>
            <EvidenceList files={c.answerFiles} />
          </section>
          <ComplaintMessages complaintId={c.id} />
          {c.ruling ? <RulingCard c={c} /> : <RuleForm c={c} onDone={onClose} />}
        </div>
      )}
    </Drawer>
  );
}

/** 投诉处理: the queue of complaints, the oldest unruled first; a row opens the ruling drawer. */
export default function ComplaintQueuePage() {
  const { q, set, paging } = useListFilters<{ state?: ComplaintState | undefined }>(PAGE_SIZE, {
    state: 'answered',
  });
  const list = useQuery(complaintQueueQuery(q));
  const [open, setOpen] = useState(0);
  const columns: ColumnsType<ComplaintItem> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    {
      title: '项目',
      key: 'p',
      render: (_, c) => (
        <Button type="link" size="small" onClick={() => setOpen(c.id)} data-testid={`complaint-row-${c.id}`}>
          {c.projectTitle}
        </Button>
      ),
    },
    { title: '类型', dataIndex: 'type' },
    { title: '状态', key: 's', render: (_, c) => <ComplaintStateTag state={c.state} text={c.stateText} /> },
    { title: '投诉方', key: 'c', render: (_, c) => `${c.complainant.sideText} ${c.complainant.name}` },
    { title: '被投诉方', key: 'r', render: (_, c) => `${c.respondent.sideText} ${c.respondent.name}` },
    { title: '投诉时间', key: 't', render: (_, c) => fmtTime(c.created) },
    {
      title: '操作',
      key: 'op',
      render: (_, c) => (
        <Button size="small" onClick={() => setOpen(c.id)}>
          {c.state === 'ruled' ? '查看' : '处理'}
        </Button>
      ),
    },
  ];
  return (
    <div className="zl-admin-panel">
      <div className="zl-admin-toolbar">
        <StatusTabs
          value={q.state ?? 'all'}
          onChange={(v) => set({ state: v === 'all' ? undefined : v })}
          order={['answered', 'open', 'ruled']}
          texts={COMPLAINT_STATE_TEXT}
        />
      </div>
      <AdminTable<ComplaintItem> rowKey="id" columns={columns} list={list} paging={paging} />
      <ComplaintDrawer id={open} onClose={() => setOpen(0)} />
    </div>
  );
}
