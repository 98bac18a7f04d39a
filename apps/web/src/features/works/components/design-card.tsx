import type { DesignView } from '@zl/shared';
import type { ReactNode } from 'react';

/** A design as a gallery card: cover picture, title, style and area. */
export function DesignCard({
  d,
  onOpen,
  actions,
}: {
  d: DesignView;
  onOpen?: () => void;
  actions?: ReactNode;
}) {
  const cover = d.images[0];
  return (
    <div className="zl-works-card" data-testid="design-card">
      <button
        type="button"
        className="zl-works-cover"
        onClick={onOpen}
        disabled={!onOpen}
        // the shown count is in the name too (WCAG 2.5.3)
        aria-label={`查看 ${d.title}${d.images.length > 1 ? ` ${d.images.length} 张` : ''}`}
      >
        {cover ? <img src={cover.thumbUrl ?? cover.url} alt="" loading="lazy" /> : <span>暂无图片</span>}
        {d.images.length > 1 && <em>{d.images.length} 张</em>}
      </button>
      <div className="zl-works-card-body">
        <b title={d.title}>{d.title}</b>
        <small>
          {d.style} · {d.area}㎡
        </small>
        {actions && <div className="zl-works-actions">{actions}</div>}
      </div>
    </div>
  );
}
