import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import { type SiteEvent, type SiteKind, siteKindLabels } from '@zl/shared';
import Image from 'antd/es/image';
import Tag from 'antd/es/tag';
import { formatTime } from '../../../lib/time.ts';
import { formatFix } from '../lib/location.ts';

const KIND_COLOR: Record<SiteKind, string> = {
  checkin: 'blue',
  log: 'default',
  ready: 'green',
};

/** Under the check-in: who confirmed it and when, or that it waits for the customer. */
function Confirmation({ event, side }: { event: SiteEvent; side: 'customer' | 'supplier' }) {
  if (event.confirmedAt) {
    return (
      <p className="zl-site-confirm zl-site-confirm-ok">
        {event.confirmedBy === 'system' ? '超过 24 小时未确认，系统已自动确认进场' : '参展商已确认进场'}
        <span className="zl-site-muted"> · {formatTime(event.confirmedAt)}</span>
      </p>
    );
  }
  return (
    <p className="zl-site-confirm zl-site-confirm-wait">
      {side === 'customer' ? '待您确认进场' : '等待参展商确认（打卡 24 小时后未确认的，系统自动确认）'}
    </p>
  );
}

/** The site timeline, oldest first: each step's kind, the server's time, photos, note, location. */
export function SiteTimelineList({
  events,
  side,
  onTime,
}: {
  events: SiteEvent[];
  side: 'customer' | 'supplier';
  onTime: boolean | null;
}) {
  return (
    <ol className="zl-site-events">
      {events.map((e) => {
        const label = siteKindLabels[e.kind];
        const at = formatTime(e.at);
        return (
          <li key={e.id} className={`zl-site-ev zl-site-ev-${e.kind}`} aria-label={`${label} ${at}`}>
            <div className="zl-site-ev-head">
              <Tag color={KIND_COLOR[e.kind]}>{label}</Tag>
              <time dateTime={e.at} className="zl-site-ev-time">
                {at}
              </time>
              {e.kind === 'ready' && onTime !== null && (
                <Tag color={onTime ? 'success' : 'warning'}>{onTime ? '按时' : '晚于开展'}</Tag>
              )}
            </div>
            {e.photos.length > 0 && (
              <div className="zl-site-ev-photos">
                <Image.PreviewGroup>
                  {e.photos.map((f, i) => (
                    <Image
                      key={f.id}
                      src={f.thumbUrl ?? f.url}
                      preview={{ src: f.url }}
                      width={80}
                      height={80}
                      alt={`${label}照片 ${i + 1}`}
                    />
                  ))}
                </Image.PreviewGroup>
              </div>
            )}
            {e.note && <p className="zl-site-ev-note">{e.note}</p>}
            {e.lat !== null && e.lng !== null ? (
              <p className="zl-site-ev-loc">
                <EnvironmentOutlined /> 已定位{' '}
                <span className="zl-site-muted">{formatFix(e.lat, e.lng)}</span>
              </p>
            ) : (
              e.kind === 'checkin' && <p className="zl-site-ev-loc zl-site-muted">未获取定位</p>
            )}
            {e.kind === 'checkin' && <Confirmation event={e} side={side} />}
          </li>
        );
      })}
    </ol>
  );
}
