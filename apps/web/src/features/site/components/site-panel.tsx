import CameraOutlined from '@ant-design/icons/CameraOutlined';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FlagOutlined from '@ant-design/icons/FlagOutlined';
import type { SiteKind, SiteTimeline } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { type ReactNode, useEffect, useState } from 'react';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { formatTime } from '../../../lib/time.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { useConfirmCheckIn, useRefreshSite, useSiteTimeline } from '../api/site.ts';
import { SiteForm } from './site-form.tsx';
import { SiteTimelineList } from './site-timeline.tsx';
import '../site.css';

export type SiteSide = 'customer' | 'supplier';

/** The status line: 未进场 → 已进场（待参展商确认）→ 已确认进场 → 展台已就绪（按时 / 晚于开展）. */
export function siteStatus(t: SiteTimeline): { text: string; color: string } {
  const checkin = t.listItem.find((e) => e.kind === 'checkin');
  if (t.listItem.some((e) => e.kind === 'ready')) {
    return t.onTime === false
      ? { text: '展台已就绪（晚于开展）', color: 'warning' }
      : { text: '展台已就绪（按时）', color: 'success' };
  }
  if (!checkin) return { text: '未进场', color: 'default' };
  if (!checkin.confirmedAt) return { text: '已进场（待参展商确认）', color: 'orange' };
  return { text: '已确认进场', color: 'blue' };
}

/** Reads the timeline again when the check-in opens while the page is open (within a day). */
function useOpensAt(iso: string, refresh: () => unknown) {
  useEffect(() => {
    const wait = Date.parse(iso) - Date.now();
    if (!Number.isFinite(wait) || wait <= 0 || wait > 86_400_000) return;
    const t = setTimeout(() => void refresh(), wait + 1_000);
    return () => clearTimeout(t);
  }, [iso, refresh]);
}

/** 确认进场 (the customer): one click, sent once. */
function ConfirmCheckIn({ projectId, checkedInAt }: { projectId: number; checkedInAt: string }) {
  const confirm = useConfirmCheckIn();
  const refresh = useRefreshSite();
  const once = useSubmitOnce();
  const [problem, setProblem] = useState<string | null>(null);
  const run = () =>
    once.run(async () => {
      setProblem(null);
      try {
        await confirm.mutateAsync(projectId);
        withFeedback((f) => f.message.success('已确认进场'));
      } catch (err) {
        if (isBizError(err) && (err.code === 'INVALID_STATE' || err.code === 'NOT_FOUND')) {
          setProblem(err.message);
          void refresh(projectId);
        } else handleError(err);
      }
    });
  return (
    <div className="zl-site-ask">
      <Alert
        type="warning"
        showIcon
        title={`供应商已于 ${formatTime(checkedInAt)} 进场打卡`}
        description="请查看下方的现场照片，确认供应商已到场。打卡 24 小时后未确认的，系统自动确认。"
      />
      {problem && <Alert type="error" showIcon title={problem} className="zl-site-problem" />}
      <div className="zl-site-actions">
        <Button type="primary" icon={<CheckCircleOutlined />} loading={once.busy} onClick={() => void run()}>
          确认进场
        </Button>
      </div>
    </div>
  );
}

/**
 * 现场 of one project (`#site`; docs/site.md), to its winner (`side` supplier) and its customer:
 * where the site stands, what the caller may do now (进场打卡 / 写施工日志 / 展台就绪; 确认进场) and
 * the timeline, oldest first. The call is refused (NOT_FOUND) to anyone else: the panel then
 * stays away.
 */
export function SitePanel({
  projectId,
  side,
  className,
}: {
  projectId: number;
  /** which party looks (the prop is not `role`: that would be the element's ARIA role) */
  side: SiteSide;
  /** the page's spacing around the panel */
  className?: string;
}) {
  const { data, isLoading, error, refetch } = useSiteTimeline(projectId);
  const [open, setOpen] = useState<SiteKind | null>(null);
  useOpensAt(data?.checkInOpens ?? '', refetch);
  const cls = className ? ` ${className}` : '';
  if (isLoading) return <Skeleton active className={`zl-panel${cls}`} />;
  if (error || !data || !Array.isArray(data.listItem)) return null;

  const status = siteStatus(data);
  const checkin = data.listItem.find((e) => e.kind === 'checkin');
  const supplier = side === 'supplier';
  const notOpen = supplier && !checkin && !data.canCheckIn && Date.parse(data.checkInOpens) > Date.now();

  const actions: Array<{ kind: SiteKind; icon: ReactNode; text: string; primary: boolean }> = [];
  if (supplier && data.canCheckIn)
    actions.push({ kind: 'checkin', icon: <CameraOutlined />, text: '进场打卡', primary: true });
  if (supplier && data.canLog)
    actions.push({ kind: 'log', icon: <EditOutlined />, text: '写施工日志', primary: !data.canCheckIn });
  if (supplier && data.canReady)
    actions.push({ kind: 'ready', icon: <FlagOutlined />, text: '展台就绪', primary: false });

  return (
    <section className={`zl-panel zl-site${cls}`} id="site" aria-label="现场">
      <div className="zl-site-top">
        <h2>现场</h2>
        <Tag color={status.color} className="zl-site-status" data-testid="site-status">
          {status.text}
        </Tag>
      </div>
      {notOpen && <p className="zl-site-opens">{`进场打卡 ${formatTime(data.checkInOpens)} 起开放`}</p>}
      {!supplier && data.canConfirm && checkin && (
        <ConfirmCheckIn projectId={projectId} checkedInAt={checkin.at} />
      )}
      {open ? (
        <SiteForm key={open} projectId={projectId} kind={open} onClose={() => setOpen(null)} />
      ) : (
        actions.length > 0 && (
          <div className="zl-site-actions">
            {actions.map((a) => (
              <Button
                key={a.kind}
                type={a.primary ? 'primary' : 'default'}
                icon={a.icon}
                onClick={() => setOpen(a.kind)}
              >
                {a.text}
              </Button>
            ))}
          </div>
        )
      )}
      {data.listItem.length > 0 ? (
        <SiteTimelineList events={data.listItem} side={side} onTime={data.onTime} />
      ) : (
        <p className="zl-site-muted zl-site-empty">
          {supplier
            ? '到达展馆后进场打卡，施工期间可随时拍照写施工日志，搭建完成后标记展台就绪；参展商会看到这里的每一条记录。'
            : '供应商进场打卡后，现场照片、施工日志和展台就绪都会显示在这里。'}
        </p>
      )}
    </section>
  );
}
