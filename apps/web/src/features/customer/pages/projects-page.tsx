import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import type { CustomerProjectItem as CustomerProjectSummary } from '@zl/shared';
import { PROJECT_STATUS, projectStatusLabels, showsBidDeadline } from '@zl/shared';
import { lazy, Suspense, useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { LiteEmpty, LiteSegmented } from '../../../components/lite/lite-ui.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ProjectStatusTag } from '../../../components/project/project-status-tag.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { formatTime } from '../../../lib/time.ts';
import { useCompact } from '../../../lib/use-compact.ts';
import { prefetchProjectList, projectListQuery } from '../api/project-list.ts';
import { ALL, listQueryOf, LIST_PAGE_SIZE as PAGE_SIZE } from '../lib/list-query.ts';
import { projectActions } from '../lib/status.tsx';

// The list draws no antd before its first paint; the cancel dialog's form and modal (with antd's
// provider) load when a project is cancelled (docs/web.md § Page speed).
const CancelModal = lazy(() => import('../components/cancel-modal.tsx'));

const S = PROJECT_STATUS;
const FILTERS = [
  { value: String(ALL), label: '全部' },
  // every stage a customer follows a project through (docs/web.md "Customer project list")
  ...[S.PENDING_REVIEW, S.BIDDING, S.AWARDED, S.SIGNING, S.BUILDING, S.ACCEPTING, S.DONE, S.CLOSED].map(
    (s) => ({
      value: String(s),
      label: projectStatusLabels[s],
    }),
  ),
];

function deadline(iso: string) {
  return formatTime(iso);
}

function Actions({
  p,
  onCancel,
}: {
  p: CustomerProjectSummary;
  onCancel: (p: CustomerProjectSummary) => void;
}) {
  const a = projectActions(p);
  // plain links, not a Button per action: a page of ten rows stays light (docs/web.md § Page speed)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: keeps a click on an action from also opening the row
    <div className="zl-cust-actions" onClick={(e) => e.stopPropagation()}>
      {a.compare && (
        <Link className="zl-linkbtn" to={`/customer/project?id=${p.id}#quotes`}>
          比价{p.quoteCount > 0 ? `（${p.quoteCount}）` : ''}
        </Link>
      )}
      {a.edit && (
        <Link className="zl-linkbtn" to={`/customer/publish?id=${p.id}`}>
          {a.rejected ? '修改重提' : '编辑'}
        </Link>
      )}
      <Link className="zl-linkbtn" to={`/customer/project?id=${p.id}`}>
        查看
      </Link>
      {a.cancel && (
        <button type="button" className="zl-linkbtn zl-linkbtn-danger" onClick={() => onCancel(p)}>
          取消
        </button>
      )}
    </div>
  );
}

/** The route's loader: the list's request starts as soon as this code arrives (docs/web.md § Page speed). */
export function loader({ request }: LoaderFunctionArgs): null {
  if (useSession.getState().cardno) {
    void prefetchProjectList(queryClient, listQueryOf(new URL(request.url).searchParams));
  }
  return null;
}

/** 我的项目: the customer's projects with their state, quote count and what can be done next. */
export default function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const query = listQueryOf(params);
  const { page } = query;
  const status = query.status ?? ALL;
  const { data, isFetching } = useQuery(projectListQuery(query));
  const [cancelling, setCancelling] = useState<CustomerProjectSummary | null>(null);
  const navigate = useNavigate();
  const compact = useCompact();
  const items = data?.listItem ?? [];

  function update(next: Record<string, number | null>) {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p);
  }

  const total = data?.total ?? 0;
  const open = (p: CustomerProjectSummary) => void navigate(`/customer/project?id=${p.id}`);
  const firstLoad = isFetching && !data;

  return (
    <div className="zl-panel">
      <div className="zl-cust-head">
        <h1>我的项目</h1>
        <Link to="/customer/publish" className="zl-btn zl-btn-primary" style={{ marginLeft: 'auto' }}>
          <PlusOutlined />
          发布项目
        </Link>
      </div>
      <div className="zl-cust-toolbar">
        <LiteSegmented
          value={String(status)}
          options={FILTERS}
          onChange={(v) => update({ status: Number(v) < S.PENDING_REVIEW ? null : Number(v), page: null })}
          label="项目状态"
        />
        <span className="zl-cust-muted">{data ? `共 ${data.total} 个项目` : ''}</span>
      </div>
      {firstLoad ? (
        <ListSkeleton rows={compact ? 4 : 6} />
      ) : items.length === 0 ? (
        <EmptyProjects />
      ) : compact ? (
        <ul className={isFetching ? 'zl-cust-list zl-cust-stale' : 'zl-cust-list'}>
          {items.map((p) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the title inside is the keyboard's link
            <li key={p.id} className="zl-cust-card" onClick={() => open(p)}>
              <div className="zl-cust-card-top">
                <Link to={`/customer/project?id=${p.id}`} onClick={(e) => e.stopPropagation()}>
                  <strong>{p.title}</strong>
                </Link>
                <ProjectStatusTag status={p.status} statusText={p.statusText} closedBy={p.closedBy} />
              </div>
              <div className="zl-cust-muted">
                {p.orders} · {p.groupname} · 报价 {p.quoteCount}
              </div>
              {showsBidDeadline(p.status) && <div className="zl-cust-muted">截止 {deadline(p.biddl)}</div>}
              <Actions p={p} onCancel={setCancelling} />
            </li>
          ))}
        </ul>
      ) : (
        <table className={isFetching ? 'zl-cust-table zl-cust-stale' : 'zl-cust-table'}>
          <thead>
            <tr>
              <th>项目</th>
              <th style={{ width: 96 }}>类别</th>
              <th style={{ width: 120 }}>状态</th>
              <th style={{ width: 72, textAlign: 'right' }}>报价</th>
              <th style={{ width: 150 }}>竞标截止</th>
              <th style={{ width: 190 }}>展会日期</th>
              <th style={{ width: 200 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id} onClick={() => open(p)}>
                <td>
                  <div className="zl-cust-cell-title">
                    <Link to={`/customer/project?id=${p.id}`} onClick={(e) => e.stopPropagation()}>
                      {p.title}
                    </Link>
                    <span className="zl-cust-muted zl-mono">{p.orders}</span>
                  </div>
                </td>
                <td>{p.groupname}</td>
                <td>
                  <ProjectStatusTag status={p.status} statusText={p.statusText} closedBy={p.closedBy} />
                </td>
                <td style={{ textAlign: 'right' }}>
                  <strong>{p.quoteCount}</strong>
                </td>
                <td>{showsBidDeadline(p.status) ? deadline(p.biddl) : '—'}</td>
                <td>
                  {p.sdate} ~ {p.edate}
                </td>
                <td>
                  <Actions p={p} onCancel={setCancelling} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onChange={(p) => update({ page: p === 1 ? null : p })}
      />
      {cancelling && (
        <Suspense fallback={null}>
          <CancelModal project={cancelling} onClose={() => setCancelling(null)} />
        </Suspense>
      )}
    </div>
  );
}

function ListSkeleton({ rows }: { rows: number }) {
  return (
    <div className="zl-cust-skel" role="status" aria-busy="true" aria-label="正在加载项目">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="zl-cust-skel-row" />
      ))}
    </div>
  );
}

function EmptyProjects() {
  return (
    <LiteEmpty description="还没有项目">
      <Link to="/customer/publish" className="zl-btn zl-btn-primary">
        发布第一个项目
      </Link>
    </LiteEmpty>
  );
}
