import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ScoreBadge } from '../../../components/project/score-badge.tsx';
import { useUserInfo } from '../../../lib/user-info.ts';
import { EvaluationCard } from '../components/evaluation-card.tsx';
import '../evaluation.css';
import { useEvaluationList } from '../api/evaluation-list.ts';

const PAGE_SIZE = 10;

function EvaluationList({ kind }: { kind: 'received' | 'given' }) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useEvaluationList(kind, page, PAGE_SIZE);
  if (isLoading) return <Skeleton active />;
  if (!data || data.listItem.length === 0)
    return <Empty description={kind === 'received' ? '还没有收到评价' : '还没有评价过参展商'} />;
  return (
    <>
      {data.listItem.map((e) => (
        <EvaluationCard
          key={e.id}
          e={e}
          title={
            <>
              <Link to={`/orderDetail?id=${e.projectId}`}>{e.projectTitle}</Link>
              <span className="zl-eval-muted"> · {kind === 'received' ? e.authorName : '我的评价'}</span>
            </>
          }
          extra={
            kind === 'received' &&
            e.revealed && (
              <div style={{ marginTop: 8, display: 'flex', gap: 8 }}>
                {!e.reply && (
                  <Link to={`/personCenter/evaluateEdit?id=${e.id}`}>
                    <Button size="small">回复评价</Button>
                  </Link>
                )}
                {!e.changeRequested && (
                  <Link to={`/personCenter/evaluateChange?id=${e.id}`}>
                    <Button size="small">申请修改评价</Button>
                  </Link>
                )}
              </div>
            )
          }
        />
      ))}
      <Pagination
        current={page}
        pageSize={PAGE_SIZE}
        total={data.total}
        onChange={setPage}
        hideOnSinglePage
        style={{ marginTop: 12 }}
      />
    </>
  );
}

/** /personCenter/evaluateList 我的评价 (docs/delivery-evaluation.md): received and given evaluations. */
export default function EvaluateListPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'given' ? 'given' : 'received';
  const { data: me } = useUserInfo();
  return (
    <div className="zl-eval-page">
      <h2>
        我的评价 <span style={{ fontSize: 14, fontWeight: 'normal' }}>综合评分 </span>
        <ScoreBadge score={me?.score} />
      </h2>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'given' ? { tab: 'given' } : {})}
        items={[
          { key: 'received', label: '收到的评价', children: <EvaluationList kind="received" /> },
          { key: 'given', label: '我给出的评价', children: <EvaluationList kind="given" /> },
        ]}
      />
    </div>
  );
}
