import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { useQuery } from '@tanstack/react-query';
import type { ProjectDetail as Project } from '@zl/shared';
import { AUTH_STATUS, PROJECT_STATUS, REQUIREMENT_CATEGORIES, showsBidDeadline } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Image from 'antd/es/image';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OPENS_OPTIONS } from '../../../components/project/opens.ts';
import { Orbits } from '../../../components/project/orbits.tsx';
import { payPlanText } from '../../../components/project/pay-plan.ts';
import { ProjectStatusTag } from '../../../components/project/project-status-tag.tsx';
import { RequirementLists } from '../../../components/project/requirement-lists.tsx';
import { ScoreBadge } from '../../../components/project/score-badge.tsx';
import { ShowDates } from '../../../components/project/show-dates.tsx';
import { TrackRecord } from '../../../components/project/track-record.tsx';
import { lazyPart, PartsFirst } from '../../../lib/lazy-part.ts';
import { formatFen } from '../../../lib/money.ts';
import { formatDatesTimes, formatTime } from '../../../lib/time.ts';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import { useUserInfo } from '../../../lib/user-info.ts';
import { QuestionPanel } from '../../question/index.ts';
import { projectInfoQuery } from '../api/project-info.ts';
import { quoteListQuery } from '../api/quote-list.ts';
import { winnerInfoQuery } from '../api/winner-info.ts';
import { QuoteCompare } from '../components/quote-compare.tsx';
import { closedNotice, projectActions } from '../lib/status.tsx';

// The deal's panels from the award on, and the cancel dialog: a project still in review or bidding
// shows none of them, so they come only when shown (docs/web.md § Page speed: what a page loads)
const ChangeOrderPanel = lazyPart(() => import('../../change/index.ts'), 'ChangeOrderPanel');
const ComplainButton = lazyPart(() => import('../../complaint/index.ts'), 'ComplainButton');
const ContractReview = lazyPart(() => import('../../delivery/index.ts'), 'ContractReview');
const ProgressCard = lazyPart(() => import('../../delivery/index.ts'), 'ProgressCard');
const EvaluationPanel = lazyPart(() => import('../../evaluation/index.ts'), 'EvaluationPanel');
const FilingPanel = lazyPart(() => import('../../filing/index.ts'), 'FilingPanel');
const InvoicePanel = lazyPart(() => import('../../invoice/index.ts'), 'InvoicePanel');
const PrepayPanel = lazyPart(() => import('../../payment/index.ts'), 'PrepayPanel');
const StagePanel = lazyPart(() => import('../../payment/index.ts'), 'StagePanel');
const AcceptanceSection = lazyPart(() => import('../../report/index.ts'), 'AcceptanceSection');
const SitePanel = lazyPart(() => import('../../site/index.ts'), 'SitePanel');
const CancelModal = lazyPart(() => import('../components/cancel-modal.tsx'), 'CancelModal');
const DEAL_PARTS = [
  ChangeOrderPanel,
  ComplainButton,
  ContractReview,
  ProgressCard,
  EvaluationPanel,
  FilingPanel,
  InvoicePanel,
  PrepayPanel,
  StagePanel,
  AcceptanceSection,
  SitePanel,
];

const opensLabel = (n: number) => OPENS_OPTIONS.find((o) => o.value === n)?.label ?? `${n} 面开`;

function Facts({ p }: { p: Project }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'group', label: '类别', children: p.groupname },
        { key: 'size', label: '尺寸', children: `${p.length} × ${p.width} × ${p.height} 米` },
        { key: 'areas', label: '面积', children: `${p.areas} m²` },
        { key: 'opens', label: '开口', children: opensLabel(p.opens) },
        ...(showsBidDeadline(p.status)
          ? [{ key: 'biddl', label: '竞标截止', children: formatTime(p.biddl) }]
          : []),
        { key: 'venue', label: '展馆', children: [p.prov, p.city, p.strt, p.addr].filter(Boolean).join(' ') },
        // before the award the plan's shares; the first stage's amount once it is fixed (docs/staged-escrow.md)
        p.prepay > 0
          ? { key: 'prepay', label: '预付款', children: formatFen(p.prepay) }
          : { key: 'plan', label: '付款计划', children: payPlanText(p.payPlan) },
        { key: 'created', label: '发布时间', children: formatDatesTimes(p.dates, p.times) },
        ...(p.status >= PROJECT_STATUS.BIDDING && p.coins
          ? [{ key: 'coins', label: '报价消耗', children: `${p.coins} 金币` }]
          : []),
      ]}
    />
  );
}

function Winner({ id, status }: { id: number; status: number }) {
  const { data } = useQuery(winnerInfoQuery(id, true));
  if (!data?.winner) return null;
  const w = data.winner;
  return (
    <Alert
      type="success"
      showIcon
      className="zl-cust-alert"
      title={
        <>
          中标供应商：
          <a
            href={`/show?id=${w.cardno}`}
            target="_blank"
            rel="noopener noreferrer"
            title="在新窗口查看供应商展厅"
          >
            {w.name || `会员 ${w.cardno}`}
          </a>
        </>
      }
      description={
        <Space wrap size={16}>
          <span>会员号 {w.cardno}</span>
          <TrackRecord record={w.trackRecord} />
          <ScoreBadge score={w.score} />
          {data.contact && (
            <>
              <span>联系人 {data.contact.name || '—'}</span>
              <span>
                电话 <a href={`tel:${data.contact.mobile}`}>{data.contact.mobile}</a>
              </span>
            </>
          )}
          {status === PROJECT_STATUS.AWARDED && (
            <span>请与中标方沟通合同细节，中标方上传签订的合同后由您审核。</span>
          )}
          <Link to={`/customer/message?project=${id}`}>
            <Button size="small" icon={<MessageOutlined />}>
              联系供应商
            </Button>
          </Link>
        </Space>
      }
    />
  );
}

/** 项目详情 (?id=): the project as published, then the quotes side by side and the award. */
export default function ProjectPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const { data: p, isPending, error } = useQuery(projectInfoQuery(id));
  const showQuotes = !!p && projectActions(p).compare;
  const quotes = useQuery(quoteListQuery(id, showQuotes));
  const user = useUserInfo();
  const [cancelling, setCancelling] = useState(false);
  useScrollToHash(!!p);

  if (!id || error) {
    return (
      <Result status="404" title="项目不存在" extra={<Link to="/customer/projects">返回我的项目</Link>} />
    );
  }
  if (isPending || !p) return <ProjectLoading />;
  const a = projectActions(p);
  // from the award on (a closed project too: it may have been closed by a complaint's ruling)
  const dealt = p.status >= PROJECT_STATUS.AWARDED;

  return (
    // the deal's panels arrive with the page, not under the reader (lazyPart)
    <Suspense fallback={<ProjectLoading />}>
      <PartsFirst parts={dealt ? DEAL_PARTS : params.has('outTradeNo') ? [PrepayPanel] : []} />
      <div className="zl-cust-detail">
        <div className="zl-panel">
          <div className="zl-cust-head">
            <h1>{p.title}</h1>
            <ProjectStatusTag status={p.status} statusText={p.statusText} closedBy={p.closedBy} />
            <span className="zl-cust-muted zl-mono">{p.orders}</span>
            <Space style={{ marginLeft: 'auto' }} wrap>
              {a.edit && (
                <Link to={`/customer/publish?id=${p.id}`}>
                  <Button type={a.rejected ? 'primary' : 'default'}>
                    {a.rejected ? '修改并重新提交' : '编辑'}
                  </Button>
                </Link>
              )}
              {a.cancel && (
                <Button danger onClick={() => setCancelling(true)}>
                  取消项目
                </Button>
              )}
              {dealt && <ComplainButton projectId={p.id} status={p.status} base="/customer" />}
            </Space>
          </div>
          {a.rejected && (
            <Alert type="error" showIcon className="zl-cust-alert" title={`审核未通过：${p.reason || '—'}`} />
          )}
          {p.status === PROJECT_STATUS.PENDING_REVIEW && (
            <Alert
              type="warning"
              showIcon
              className="zl-cust-alert"
              title="平台审核中，通过后供应商即可报价"
            />
          )}
          {closedNotice(p) && (
            <Alert type="info" showIcon className="zl-cust-alert" title={closedNotice(p)} />
          )}
          {/* the 收银台 sends the browser back here with outTradeNo: its result shows in any state */}
          {(dealt || params.has('outTradeNo')) && <PrepayPanel project={p} />}
          {p.status >= PROJECT_STATUS.AWARDED && p.status <= PROJECT_STATUS.DONE && (
            <Winner id={p.id} status={p.status} />
          )}
          {p.status >= PROJECT_STATUS.AWARDED && <ContractReview project={p} />}
          {p.status === PROJECT_STATUS.DONE && (
            <div id="evaluation">
              <EvaluationPanel side="customer" projectId={p.id} bare />
            </div>
          )}
          <Facts p={p} />
          <h3 className="zl-cust-h3">展期</h3>
          <ShowDates project={p} />
          {p.picture.length > 0 && (
            <div className="zl-cust-gallery">
              <Image.PreviewGroup>
                {p.picture.map((f) => (
                  <Image
                    key={f.id}
                    src={f.thumbUrl ?? f.url}
                    preview={{ src: f.url }}
                    width={112}
                    height={84}
                    alt="参考图"
                  />
                ))}
              </Image.PreviewGroup>
            </div>
          )}
          {p.attach && (
            <a href={`/files/${p.attach}`} target="_blank" rel="noreferrer" className="zl-cmp-file">
              <PaperClipOutlined /> {p.attachname || '附件'}
            </a>
          )}
          {p.conts && <p className="zl-cust-conts">{p.conts}</p>}
          <h3 className="zl-cust-h3">需求清单</h3>
          <RequirementLists project={p} />
        </div>
        {p.status >= PROJECT_STATUS.AWARDED &&
          (p.status !== PROJECT_STATUS.CLOSED || p.closedBy === 'complaint') && (
            <ProgressCard project={p} party="customer" />
          )}
        {p.status >= PROJECT_STATUS.AWARDED && p.status <= PROJECT_STATUS.DONE && (
          <FilingPanel projectId={p.id} side="customer" />
        )}
        {p.status >= PROJECT_STATUS.SIGNING && p.status <= PROJECT_STATUS.DONE && (
          <SitePanel projectId={p.id} side="customer" />
        )}
        {p.status >= PROJECT_STATUS.AWARDED && <StagePanel project={p} />}
        {p.status >= PROJECT_STATUS.AWARDED &&
          (p.status !== PROJECT_STATUS.CLOSED || p.closedBy === 'complaint') && (
            <ChangeOrderPanel projectId={p.id} side="customer" />
          )}
        {dealt && <AcceptanceSection projectId={p.id} status={p.status} />}
        {p.status >= PROJECT_STATUS.AWARDED &&
          (p.status !== PROJECT_STATUS.CLOSED || p.closedBy === 'complaint') && (
            <InvoicePanel projectId={p.id} side="customer" />
          )}
        {(p.orbits?.length ?? 0) > 1 && (
          <div className="zl-panel" id="timeline">
            <h2 className="zl-cust-h3">项目进度</h2>
            <Orbits orbits={p.orbits} />
          </div>
        )}
        {showQuotes && (
          <div className="zl-panel" id="quotes">
            <div className="zl-cust-head">
              <h2>报价对比</h2>
              {p.status === PROJECT_STATUS.BIDDING && p.biddl && (
                <span className="zl-cust-muted">竞标截止 {formatTime(p.biddl, 'MM-DD HH:mm')}</span>
              )}
            </div>
            {quotes.isPending ? (
              <Skeleton active />
            ) : (
              <QuoteCompare
                projectId={p.id}
                quotes={quotes.data?.listItem ?? []}
                canAward={p.status === PROJECT_STATUS.BIDDING}
                payPlan={p.payPlan}
                verified={
                  user.data
                    ? user.data.personauth === AUTH_STATUS.APPROVED ||
                      user.data.businsauth === AUTH_STATUS.APPROVED
                    : undefined
                }
                requested={REQUIREMENT_CATEGORIES.map(([k]) => k).filter((k) => (p[k]?.length ?? 0) > 0)}
              />
            )}
          </div>
        )}
        {p.status >= PROJECT_STATUS.BIDDING && <QuestionPanel projectId={p.id} side="customer" />}
        {cancelling && (
          <CancelModal
            project={{ id: p.id, title: p.title, status: p.status, peoples: p.peoples }}
            onClose={() => setCancelling(false)}
          />
        )}
      </div>
    </Suspense>
  );
}

function ProjectLoading() {
  return <Skeleton active paragraph={{ rows: 10 }} className="zl-panel" />;
}
