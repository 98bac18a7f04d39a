import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { useQuery } from '@tanstack/react-query';
import { type AdminProjectDetail, PROJECT_CHECKED, PROJECT_STATUS } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Image from 'antd/es/image';
import InputNumber from 'antd/es/input-number';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { useEffect, useState } from 'react';
import { OPENS_OPTIONS } from '../../../../components/project/opens.ts';
import { payPlanText } from '../../../../components/project/pay-plan.ts';
import { ProjectStatusTag } from '../../../../components/project/project-status-tag.tsx';
import { RequirementLists } from '../../../../components/project/requirement-lists.tsx';
import { isBizError } from '../../../../lib/biz-error.ts';
import { formatFen } from '../../../../lib/money.ts';
import { formatDatesTimes, formatTime } from '../../../../lib/time.ts';
import { RejectModal } from '../../components/reject-modal.tsx';
import {
  authStatusItem,
  memberIdItems,
  ReviewDrawerShell,
  ReviewSection,
  useReviewDecision,
} from '../../components/review-decision.tsx';
import { projectDetailQuery } from '../api/project-detail.ts';
import { useProjectReview } from '../api/project-review.ts';

const PROJECT_REJECT_PICKS = ['信息不完整', '图片不清晰', '付款计划不合理', '疑似虚假项目'] as const;

/**
 * From the award on (the contract amount is fixed; or an award older than 付款计划, still live)
 * `prepay` is the first stage's amount; before it, any figure there means nothing.
 */
const awarded = (d: AdminProjectDetail) =>
  d.contractAmount !== null || (d.status >= PROJECT_STATUS.AWARDED && d.status !== PROJECT_STATUS.CLOSED);

const opens = (n: number) => OPENS_OPTIONS.find((o) => o.value === n)?.label ?? `${n} 面开`;

function Body({ d }: { d: AdminProjectDetail }) {
  const c = d.customer;
  return (
    <div className="zl-review">
      <div className="zl-review-docs zl-prj-media">
        <h4>参考图片（{d.picture.length}）</h4>
        {d.picture.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有上传参考图片" />
        ) : (
          <div className="zl-prj-gallery">
            <Image.PreviewGroup>
              {d.picture.map((f, i) => (
                <Image
                  key={f.id}
                  src={f.thumbUrl ?? f.url}
                  preview={{ src: f.url }}
                  alt={`参考图 ${i + 1}`}
                />
              ))}
            </Image.PreviewGroup>
          </div>
        )}
        <h4>附件</h4>
        {d.attach ? (
          <a href={`/files/${d.attach}`} target="_blank" rel="noreferrer">
            <PaperClipOutlined /> {d.attachname || '打开附件'}
          </a>
        ) : (
          <span className="zl-admin-muted">无</span>
        )}
        <h4>项目说明</h4>
        <p className="zl-prj-conts">{d.conts || <span className="zl-admin-muted">未填写</span>}</p>
      </div>
      <div className="zl-review-side">
        {d.checked === PROJECT_CHECKED.REJECTED && (
          <Alert type="error" showIcon title={`已驳回：${d.reason}`} description={formatTime(d.checkdate)} />
        )}
        {d.checked === PROJECT_CHECKED.APPROVED && (
          <Alert
            type="success"
            showIcon
            title={`已通过，报价需 ${d.coins} 金币`}
            description={formatTime(d.checkdate)}
          />
        )}
        <ReviewSection
          title="项目信息"
          items={[
            {
              key: 'orders',
              label: '项目编号',
              children: <span className="zl-admin-mono">{d.orders}</span>,
            },
            { key: 'group', label: '类别', children: d.groupname },
            {
              key: 'size',
              label: '尺寸 / 面积',
              children: `${d.length} × ${d.width} × ${d.height} 米 · ${d.areas} m² · ${opens(d.opens)}`,
            },
            { key: 'dates', label: '展会日期', children: `${d.sdate} ~ ${d.edate}` },
            { key: 'biddl', label: '竞标截止', children: formatTime(d.biddl) },
            {
              key: 'venue',
              label: '展馆',
              children: [d.prov, d.city, d.strt, d.addr].filter(Boolean).join(' '),
            },
            // the plan the customer chose is what there is to review; amounts exist from the award on
            { key: 'plan', label: '付款计划', children: payPlanText(d.payPlan) },
            ...(d.contractAmount !== null
              ? [{ key: 'contract', label: '合同金额', children: formatFen(d.contractAmount) }]
              : []),
            ...(awarded(d) && d.prepay > 0
              ? [{ key: 'prepay', label: '预付款', children: formatFen(d.prepay) }]
              : []),
            { key: 'created', label: '发布时间', children: formatDatesTimes(d.dates, d.times) },
          ]}
        />
        <ReviewSection title="需求清单">
          <RequirementLists project={d} />
        </ReviewSection>
        <ReviewSection
          title="参展商"
          items={[
            ...memberIdItems(c),
            { key: 'name', label: '名称', children: c.name || '—' },
            authStatusItem(c),
          ]}
        />
      </div>
    </div>
  );
}

/** The project review: everything the customer submitted; 通过 with the quoting price, or 驳回. */
export function ProjectReviewDrawer(props: {
  id: number | null;
  onClose: () => void;
  onDecided: (id: number) => void;
}) {
  const { id } = props;
  const { data, isPending, error } = useQuery({ ...projectDetailQuery(id ?? 0), enabled: id !== null });
  const review = useProjectReview();
  const [coins, setCoins] = useState<number | null>(null);
  const { rejecting, setRejecting, decide } = useReviewDecision({
    id,
    send: (id, approve, reason) =>
      review.mutateAsync(
        approve ? { id, approve, coins: coins ?? 0 } : { id, approve, reason: reason ?? '' },
      ),
    successText: (approve) => (approve ? '已通过，项目进入项目大厅' : '已驳回'),
    onDecided: props.onDecided,
  });

  useEffect(() => {
    if (data) setCoins(data.suggestedCoins);
  }, [data]);

  const pending = data?.checked === PROJECT_CHECKED.PENDING && data.status === PROJECT_STATUS.PENDING_REVIEW;
  const coinsOk = coins !== null && Number.isInteger(coins) && coins >= 1 && coins <= 100;
  return (
    <ReviewDrawerShell
      id={id}
      onClose={props.onClose}
      widths={[1200, 1000]}
      heading={
        <>
          <span>项目审核</span>
          {data && <strong>{data.title}</strong>}
          {data && (
            <ProjectStatusTag status={data.status} statusText={data.statusText} closedBy={data.closedBy} />
          )}
        </>
      }
      footer={
        pending ? (
          <div className="zl-prj-decide">
            <Space wrap>
              <span>报价需</span>
              <InputNumber
                min={1}
                max={100}
                precision={0}
                value={coins}
                onChange={(v) => setCoins(typeof v === 'number' ? v : null)}
                suffix="金币"
                aria-label="报价所需金币"
                status={coinsOk ? undefined : 'error'}
                style={{ width: 120 }}
              />
              <span className="zl-admin-muted">建议 {data?.suggestedCoins}（按面积）</span>
            </Space>
            <Space>
              <Button danger onClick={() => setRejecting(true)} disabled={review.isPending}>
                驳回
              </Button>
              <Button
                type="primary"
                onClick={() => void decide(true)}
                loading={review.isPending}
                disabled={!coinsOk}
              >
                通过
              </Button>
            </Space>
          </div>
        ) : null
      }
    >
      {isPending && id !== null ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : error || !data ? (
        <Alert type="error" showIcon title={isBizError(error) ? error.message : '项目不存在'} />
      ) : (
        <Body d={data} />
      )}
      <RejectModal
        title="驳回项目"
        picks={PROJECT_REJECT_PICKS}
        audience="参展商"
        open={rejecting}
        busy={review.isPending}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) => void decide(false, reason)}
      />
    </ReviewDrawerShell>
  );
}
