import type { FavoriteListResult } from '@zl/shared';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import { ProjectCard } from '../../../components/project/project-card.tsx';
import { appendUnique } from '../../../lib/append-unique.ts';
import { setHallFavorite, useToggleFavorite } from '../../../lib/favorite.ts';
import { useFavoriteList } from '../api/favorite-list.ts';

/** /collect 我的收藏: saved projects as hall cards; the heart removes one. */
export default function CollectPage() {
  const q = useFavoriteList();
  const fav = useToggleFavorite(setHallFavorite);
  const items = (q.data?.pages ?? []).reduce<FavoriteListResult['listItem']>(
    (all, p) => appendUnique(all, p.listItem ?? []),
    [],
  );
  const total = q.data?.pages[0]?.total ?? 0;

  return (
    <div className="zl-oc">
      <div className="zl-oc-bar">
        <h1 className="zl-page-title" style={{ margin: 0, fontSize: 20 }}>
          我的收藏
        </h1>
        {q.data && <span className="zl-oc-count">共 {total} 个项目</span>}
      </div>
      {q.isLoading ? (
        <div className="zl-panel">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : q.isError && !q.data ? (
        <Result
          status="warning"
          title="收藏加载失败"
          extra={<Button onClick={() => void q.refetch()}>重试</Button>}
        />
      ) : items.length === 0 ? (
        <div className="zl-panel zl-oc-empty">
          <Empty description="还没有收藏的项目，在项目大厅点击 ♡ 收藏感兴趣的项目">
            <Link to="/orderCenter">
              <Button type="primary">去项目大厅</Button>
            </Link>
          </Empty>
        </div>
      ) : (
        <div className="zl-oc-grid">
          {items.map((p) => (
            <ProjectCard
              key={p.id}
              project={{ ...p, favorite: true }}
              onToggleFavorite={(id) => fav.mutate(id)}
              favoritePending={fav.isPending && fav.variables === p.id}
              footnote={p.favoritedAt ? `收藏于 ${p.favoritedAt.slice(0, 10)}` : undefined}
            />
          ))}
        </div>
      )}
      {q.hasNextPage && (
        <div className="zl-oc-more">
          <Button onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} size="large">
            加载更多
          </Button>
        </div>
      )}
    </div>
  );
}
