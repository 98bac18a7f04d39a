import { useQueryClient } from '@tanstack/react-query';
import type { ProjectSummary } from '@zl/shared';
import { Link } from 'react-router';
import { ProjectCard } from '../../../components/project/project-card.tsx';
import { useToggleFavorite } from '../../../lib/favorite.ts';
import { homeKeys } from '../api/keys.ts';

/** 「最新项目」: the newest open projects, of the supplier's province when it has any. */
export function HomeProjects({ projects, region }: { projects: ProjectSummary[]; region: string }) {
  const qc = useQueryClient();
  // a favourite becomes a to-do: the home refetches after a toggle
  const toggle = useToggleFavorite(() => void qc.invalidateQueries({ queryKey: homeKeys.all }));
  return (
    <section aria-labelledby="home-projects">
      <div className="zl-home-section-head">
        <h2 className="zl-home-h2" id="home-projects">
          最新项目{region ? <small>（{region}）</small> : null}
        </h2>
        <Link to="/orderCenter">进入项目大厅 →</Link>
      </div>
      {projects.length === 0 ? (
        <div className="zl-panel zl-home-empty">
          <p>暂时没有竞标中的项目，新项目审核通过后会第一时间出现在项目大厅。</p>
        </div>
      ) : (
        <div className="zl-oc-grid zl-home-projects">
          {projects.map((p) => (
            <ProjectCard
              key={p.id}
              project={p}
              onToggleFavorite={(id) => toggle.mutate(id)}
              favoritePending={toggle.isPending && toggle.variables === p.id}
            />
          ))}
        </div>
      )}
    </section>
  );
}
