import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import { isPartyView, PROJECT_STATUS, QUOTE_STATUS, showsBidDeadline } from '@zl/shared';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FavoriteButton, groupLabel } from '../../../components/project/project-card.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { setHallFavorite, useToggleFavorite } from '../../../lib/favorite.ts';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import { idFromQuery, useProjectInfo } from '../api/get-info.ts';
import { useWinnerInfo } from '../api/winner-info.ts';
import {
  Attachment,
  AwardResult,
  Gallery,
  MyQuoteCard,
  Prepay,
  Requirements,
} from '../components/detail-sections.tsx';
import { useSupplierStance } from '../lib/use-supplier-stance.ts';
import '../order-detail.css';
import { Orbits } from '../../../components/project/orbits.tsx';
import { payPlanText } from '../../../components/project/pay-plan.ts';
import { STATUS_COLOR } from '../../../components/project/quote-state-tag.tsx';
import { ShowDates } from '../../../components/project/show-dates.tsx';
import { lazyPart, PartsFirst } from '../../../lib/lazy-part.ts';
import { deadlineInfo, formatDateTime, formatSize } from '../../../lib/project-dates.ts';
import { formatDatesTimes } from '../../../lib/time.ts';
import { QuestionPanel } from '../../question/index.ts';

// A winner's panels: most visits (a bidding project, a lost one) show none of them, so they come
// only when shown (docs/web.md § Page speed: what a page loads)
const WinnerStages = lazyPart(() => import('../components/winner-stages.tsx'), 'WinnerStages');
const SupplierReportCard = lazyPart(() => import('../../report/index.ts'), 'SupplierReportCard');
const ChangeOrderPanel = lazyPart(() => import('../../change/index.ts'), 'ChangeOrderPanel');
const ComplainButton = lazyPart(() => import('../../complaint/index.ts'), 'ComplainButton');
const ProgressCard = lazyPart(() => import('../../delivery/index.ts'), 'ProgressCard');
const EvaluationPanel = lazyPart(() => import('../../evaluation/index.ts'), 'EvaluationPanel');
const FilingPanel = lazyPart(() => import('../../filing/index.ts'), 'FilingPanel');
const InvoicePanel = lazyPart(() => import('../../invoice/index.ts'), 'InvoicePanel');
const SitePanel = lazyPart(() => import('../../site/index.ts'), 'SitePanel');
const WINNER_PARTS = [
  WinnerStages,
  ChangeOrderPanel,
  ComplainButton,
  ProgressCard,
  EvaluationPanel,
  FilingPanel,
  InvoicePanel,
  SitePanel,
];

function DetailLoading() {
  return (
    <div className="zl-od zl-panel">
      <Skeleton active paragraph={{ rows: 10 }} />
    </div>
  );
}

/** Re-renders every 30 s so the countdown stays true while the page is open. */
function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

/** 现场 (docs/site.md) from 签约中 to 已完成: the check-in, site logs and 展台就绪. */
function onSite(status: number): boolean {
  return status >= PROJECT_STATUS.SIGNING && status <= PROJECT_STATUS.DONE;
}

/** /orderDetail?id= 项目详情 (Projectcenter/getInfo). */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  const id = idFromQuery(params);
  const navigate = useNavigate();
  const now = useNow();
  const { data: p, isLoading, error, refetch } = useProjectInfo(id);
  const fav = useToggleFavorite(setHallFavorite);
  const bid = Boolean(p?.myQuote);
  const winner = useWinnerInfo(
    id,
    bid && (p?.status ?? PROJECT_STATUS.PENDING_REVIEW) >= PROJECT_STATUS.AWARDED,
  );
  const action = useSupplierStance(p, now);
  useScrollToHash(!!p);

  if (!id || (isBizError(error) && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED'))) {
    return (
      <Result
        status="404"
        title="项目不存在或已下架"
        extra={
          <Link to="/orderCenter">
            <Button type="primary">返回项目大厅</Button>
          </Link>
        }
      />
    );
  }
  if (isLoading || !p) {
    if (error) {
      return (
        <Result
          status="warning"
          title="项目加载失败"
          extra={<Button onClick={() => void refetch()}>重试</Button>}
        />
      );
    }
    return <DetailLoading />;
  }

  const dl = deadlineInfo(p.biddl, now);
  const open = p.status === PROJECT_STATUS.BIDDING && !dl.closed;
  // The award result below says won or lost in full; the line under the button would repeat it.
  const awardShown = Boolean(winner.data?.awarded) && (action?.kind === 'won' || action?.kind === 'lost');

  return (
    // the winner's panels arrive with the page, not under the reader (lazyPart)
    <Suspense fallback={<DetailLoading />}>
      <PartsFirst
        parts={[
          ...(action?.kind === 'won' ? WINNER_PARTS : []),
          ...(winner.data?.awarded ? [SupplierReportCard] : []),
        ]}
      />
      <div className="zl-od">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} className="zl-od-back">
          返回
        </Button>
        <section className="zl-panel zl-od-hero">
          <Gallery project={p} />
          <div className="zl-od-summary">
            <div className="zl-od-tags">
              <Tag color={STATUS_COLOR[p.status] ?? 'default'}>{p.statusText}</Tag>
              <Tag>{groupLabel(p)}</Tag>
              <span className="zl-od-muted">项目编号 {p.orders}</span>
            </div>
            <h1 className="zl-od-title">{p.title}</h1>
            <div className="zl-od-dl">
              {open ? (
                <span className={dl.urgent ? 'zl-oc-dl-urgent' : ''}>{dl.text}</span>
              ) : (
                <span className="zl-od-muted">
                  {p.status === PROJECT_STATUS.BIDDING ? '已截止报价' : p.statusText}
                </span>
              )}
              {showsBidDeadline(p.status) && (
                <span className="zl-od-muted"> · 截止 {formatDateTime(p.biddl)}</span>
              )}
            </div>
            <div className="zl-od-kpis">
              <div>
                <b>{Number(p.areas)}</b>
                <span>面积 ㎡</span>
              </div>
              <div>
                <b>{p.peoples}</b>
                <span>已报价</span>
              </div>
              <div>
                <b>{p.coins}</b>
                <span>报价金币</span>
              </div>
              <div>
                {p.prepay > 0 || p.status >= 2 ? (
                  <>
                    <b>
                      <Prepay fen={p.prepay} />
                    </b>
                    <span>预付款</span>
                  </>
                ) : (
                  <>
                    <b>{p.payPlan.prepay}%</b>
                    <span>预付比例</span>
                  </>
                )}
              </div>
            </div>
            <div className="zl-od-actions">
              {action?.to ? (
                <Button type="primary" size="large" onClick={() => action.to && navigate(action.to)}>
                  {action.label}
                </Button>
              ) : (
                <Button type="primary" size="large" disabled>
                  {action?.label}
                </Button>
              )}
              <FavoriteButton
                favorite={p.favorite}
                pending={fav.isPending}
                onToggle={() => fav.mutate(p.id)}
              />
              <span className="zl-od-favtext">{p.favorite ? '已收藏' : '收藏'}</span>
              {action?.kind === 'won' && p.status >= PROJECT_STATUS.AWARDED && isPartyView(p) && (
                <Button icon={<MessageOutlined />} onClick={() => navigate(`/message?project=${p.id}`)}>
                  联系参展商
                </Button>
              )}
              {action?.kind === 'won' && (
                <ComplainButton projectId={p.id} status={p.status} base="/personCenter" />
              )}
            </div>
            {action && !action.to && !awardShown && (
              <div className="zl-od-why">
                {action.note}
                {action.link && (
                  <>
                    ，<Link to={action.link.to}>{action.link.text}</Link>
                  </>
                )}
              </div>
            )}
          </div>
        </section>

        {winner.data?.awarded && (
          <section className="zl-od-award">
            <AwardResult info={winner.data} status={p.status} />
          </section>
        )}

        {action?.kind === 'won' && p.status >= PROJECT_STATUS.AWARDED && isPartyView(p) && (
          <WinnerStages projectId={p.id} />
        )}
        {action?.kind === 'won' &&
          p.status >= PROJECT_STATUS.AWARDED &&
          p.status <= PROJECT_STATUS.DONE &&
          isPartyView(p) && <FilingPanel projectId={p.id} side="supplier" className="zl-od-site" />}
        {action?.kind === 'won' && onSite(p.status) && isPartyView(p) && (
          <SitePanel projectId={p.id} side="supplier" className="zl-od-site" />
        )}
        {action?.kind === 'won' && p.status >= PROJECT_STATUS.AWARDED && isPartyView(p) && (
          <ChangeOrderPanel projectId={p.id} side="supplier" className="zl-od-changes" />
        )}

        {winner.data?.awarded && <SupplierReportCard projectId={p.id} status={p.status} />}
        {winner.data?.contact && p.status === PROJECT_STATUS.DONE && (
          <div id="evaluation">
            <EvaluationPanel side="supplier" projectId={p.id} />
          </div>
        )}

        {p.myQuote?.status === QUOTE_STATUS.WON && p.status >= PROJECT_STATUS.AWARDED && isPartyView(p) && (
          <div className="zl-od-invoice">
            <InvoicePanel projectId={p.id} side="supplier" />
          </div>
        )}

        <div className="zl-od-cols">
          <div className="zl-od-main-col">
            <section className="zl-panel">
              <h2>项目信息</h2>
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                size="small"
                items={[
                  { key: 'g', label: '项目类别', children: groupLabel(p) },
                  {
                    key: 's',
                    label: '尺寸（长×宽×高）',
                    children: `${formatSize(p.length, p.width, p.height)}（${Number(p.areas)}㎡）`,
                  },
                  { key: 'o', label: '开口', children: `${p.opens} 面开口` },
                  ...(showsBidDeadline(p.status)
                    ? [{ key: 'b', label: '报价截止', children: formatDateTime(p.biddl) }]
                    : []),
                  { key: 'p', label: '付款计划', children: payPlanText(p.payPlan) },
                  ...(p.prepay > 0
                    ? [{ key: 'pp', label: '预付款', children: <Prepay fen={p.prepay} /> }]
                    : []),
                  {
                    key: 'a',
                    label: '展馆地址',
                    span: 2,
                    children: [p.prov, p.city, p.strt, p.addr].filter(Boolean).join(' ') || '—',
                  },
                  { key: 'c', label: '发布时间', children: formatDatesTimes(p.dates, p.times) },
                  { key: 'f', label: '附件', children: <Attachment project={p} /> },
                ]}
              />
            </section>
            <section className="zl-panel">
              <h2>展期</h2>
              <ShowDates project={p} />
            </section>
            <section className="zl-panel">
              <h2>需求清单</h2>
              <Requirements project={p} />
            </section>
            <section className="zl-panel">
              <h2>项目描述</h2>
              {p.conts ? (
                <p className="zl-od-conts">{p.conts}</p>
              ) : (
                <span className="zl-od-muted">客户未填写描述</span>
              )}
            </section>
            {p.status >= PROJECT_STATUS.BIDDING && <QuestionPanel projectId={p.id} side="supplier" />}
          </div>
          <aside className="zl-od-side">
            {p.myQuote?.status === QUOTE_STATUS.WON &&
              p.status >= PROJECT_STATUS.AWARDED &&
              isPartyView(p) && <ProgressCard project={p} party="supplier" />}
            {p.myQuote && (
              <MyQuoteCard quote={p.myQuote} projectId={p.id} canEdit={action?.form === 'edit'} />
            )}
            <section className="zl-panel">
              <h2>客户联系方式</h2>
              {p.mobile ? (
                <a href={`tel:${p.mobile}`} className="zl-od-contact">
                  <PhoneOutlined /> {p.mobile}
                </a>
              ) : (
                <div className="zl-od-hidden">
                  <LockOutlined /> 中标后可见
                </div>
              )}
            </section>
            <section className="zl-panel">
              <h2>项目进度</h2>
              {/* the timeline is the parties' own (docs/delivery.md § Who sees the delivery) */}
              {p.orbits ? (
                <Orbits orbits={p.orbits} />
              ) : (
                <div className="zl-od-hidden">
                  <LockOutlined /> 仅参展商和中标方可见
                </div>
              )}
            </section>
          </aside>
        </div>
      </div>
    </Suspense>
  );
}
