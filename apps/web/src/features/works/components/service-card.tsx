import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import type { ServiceView } from '@zl/shared';
import type { ReactNode } from 'react';
import { PriceTag } from './service-detail-view.tsx';

/** A service as a card: cover (or the start of its text), title, price per unit or 图文服务. */
export function ServiceCard({
  s,
  onOpen,
  actions,
}: {
  s: ServiceView;
  onOpen?: () => void;
  actions?: ReactNode;
}) {
  const cover = s.images[0];
  return (
    <div className="zl-works-card" data-testid="service-card">
      <button
        type="button"
        className="zl-works-cover"
        onClick={onOpen}
        disabled={!onOpen}
        aria-label={`查看 ${s.title}`}
      >
        {cover ? (
          <img src={cover.thumbUrl ?? cover.url} alt="" loading="lazy" />
        ) : (
          <span className="zl-works-textcover">
            <FileTextOutlined /> {s.content.slice(0, 60)}
          </span>
        )}
      </button>
      <div className="zl-works-card-body">
        <b title={s.title}>{s.title}</b>
        <PriceTag s={s} />
        {actions && <div className="zl-works-actions">{actions}</div>}
      </div>
    </div>
  );
}
