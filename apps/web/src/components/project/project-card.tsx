import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BuildOutlined from '@ant-design/icons/BuildOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import HeartFilled from '@ant-design/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import SoundOutlined from '@ant-design/icons/SoundOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import type { ProjectSummary } from '@zl/shared';
import { PROJECT_GROUPS, PROJECT_STATUS, type ProjectGroupId } from '@zl/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { deadlineInfo, formatDateRange, formatSize } from '../../lib/project-dates.ts';
import { formatTime } from '../../lib/time.ts';
import './project.css';

const GROUP_ART: Record<number, { icon: ReactNode; tone: string }> = {
  1: { icon: <BuildOutlined />, tone: 'blue' },
  2: { icon: <AppstoreOutlined />, tone: 'teal' },
  3: { icon: <BankOutlined />, tone: 'violet' },
  4: { icon: <SoundOutlined />, tone: 'amber' },
  5: { icon: <AppstoreOutlined />, tone: 'slate' },
};

export function groupLabel(p: Pick<ProjectSummary, 'groupid' | 'groupname'>): string {
  return p.groupname || PROJECT_GROUPS[p.groupid as ProjectGroupId] || '其他';
}

/** The cover picture, or a drawn placeholder per category so a card never shows a broken image. */
export function ProjectCover({ project }: { project: Pick<ProjectSummary, 'cover' | 'groupid' | 'title'> }) {
  const art = GROUP_ART[project.groupid] ?? GROUP_ART[5];
  if (project.cover) {
    return <img className="zl-oc-cover" src={project.cover} alt={project.title} loading="lazy" />;
  }
  return (
    <div className={`zl-oc-cover zl-oc-art zl-oc-art-${art?.tone}`} aria-hidden="true">
      {art?.icon}
    </div>
  );
}

export function FavoriteButton({
  favorite,
  pending,
  onToggle,
}: {
  favorite: boolean;
  pending?: boolean;
  onToggle: () => void;
}) {
  return (
    // the browser's own tooltip (title): a card stays plain markup, so a page of 20 mounts no
    // popup machinery (docs/web.md § Page speed)
    <button
      type="button"
      className={favorite ? 'zl-oc-fav zl-oc-fav-on' : 'zl-oc-fav'}
      title={favorite ? '取消收藏' : '收藏'}
      aria-label={favorite ? '取消收藏' : '收藏'}
      aria-pressed={favorite}
      disabled={pending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onToggle();
      }}
    >
      {favorite ? <HeartFilled /> : <HeartOutlined />}
    </button>
  );
}

export interface ProjectCardProps {
  project: ProjectSummary;
  onToggleFavorite: (id: number) => void;
  favoritePending?: boolean;
  /** e.g. 收藏于 … on /collect */
  footnote?: ReactNode;
}

/** The build-in start's China day as 'MM-DD' (「进场 12-08」), '' when the row has none. */
export function buildDay(iso: string | undefined): string {
  return iso && !Number.isNaN(Date.parse(iso)) ? formatTime(iso, 'MM-DD') : '';
}

/** One project in the hall: what a supplier weighs before opening it. */
export function ProjectCard({ project: p, onToggleFavorite, favoritePending, footnote }: ProjectCardProps) {
  const dl = deadlineInfo(p.biddl);
  const open = p.status === PROJECT_STATUS.BIDDING && !dl.closed;
  const build = buildDay(p.buildStart);
  return (
    <article className="zl-oc-card">
      {/* named by what it shows (the title first): a shorter spoken name than the shown text fails
          WCAG 2.5.3 (docs/web.md § Accessibility) */}
      <Link to={`/orderDetail?id=${p.id}`} className="zl-oc-card-link">
        <div className="zl-oc-media">
          <ProjectCover project={p} />
          <span className="zl-oc-group">{groupLabel(p)}</span>
          {!open && (
            <span className="zl-oc-state">
              {p.status === PROJECT_STATUS.BIDDING ? '已截止' : p.statusText || '已结束'}
            </span>
          )}
        </div>
        <div className="zl-oc-body">
          <h3 className="zl-oc-title" title={p.title}>
            {p.title}
          </h3>
          <div className="zl-oc-facts">
            <span>
              <b>{Number(p.areas)}</b>㎡ · {formatSize(p.length, p.width)}
            </span>
            <span className="zl-oc-city" title={p.city || p.prov}>
              <EnvironmentOutlined /> {p.city || p.prov || '—'}
            </span>
          </div>
          <div className="zl-oc-line">
            <span>
              <CalendarOutlined /> 展期 {formatDateRange(p.sdate, p.edate)}
            </span>
            {build && (
              <span className="zl-oc-build" title={`进场布展 ${formatTime(p.buildStart)}`}>
                进场 {build}
              </span>
            )}
          </div>
          <div className="zl-oc-foot">
            {open ? (
              <span className={dl.urgent ? 'zl-oc-dl zl-oc-dl-urgent' : 'zl-oc-dl'}>{dl.text}</span>
            ) : (
              <span className="zl-oc-dl zl-oc-dl-closed">
                {p.status === PROJECT_STATUS.BIDDING ? '已截止' : p.statusText || '已结束'}
              </span>
            )}
            <span className="zl-oc-meta">
              <TeamOutlined /> {p.peoples} 人报价
            </span>
            <span className="zl-oc-coins" title="报价需消耗金币">
              {p.coins} 金币
            </span>
          </div>
          {footnote && <div className="zl-oc-note">{footnote}</div>}
        </div>
      </Link>
      <FavoriteButton
        favorite={Boolean(p.favorite)}
        pending={favoritePending}
        onToggle={() => onToggleFavorite(p.id)}
      />
    </article>
  );
}
