import type { ServiceView } from '@zl/shared';
import Image from 'antd/es/image';
import Tag from 'antd/es/tag';
import { formatFen } from '../../../lib/money.ts';
import { formatTime } from '../../../lib/time.ts';
import { unitSuffix } from './supplier-only.tsx';

/** Paragraphs of a service's text: blank lines split them, single new lines stay inside. */
export function Paragraphs({ text }: { text: string }) {
  const parts = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className="zl-works-text">
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one fixed text
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

export function PriceTag({ s }: { s: Pick<ServiceView, 'kind' | 'price' | 'unit'> }) {
  if (s.kind !== 'priced') return <Tag color="blue">图文服务</Tag>;
  return (
    <span className="zl-works-price">
      {formatFen(s.price)}
      <small>{unitSuffix(s.unit)}</small>
    </span>
  );
}

/** One service as anyone may read it (serviceDetail page, the showcase's detail window). */
export function ServiceDetailView({ s, owner }: { s: ServiceView; owner?: string }) {
  return (
    <article className="zl-works-detail">
      <h2>{s.title}</h2>
      <div className="zl-works-meta">
        <PriceTag s={s} />
        {owner && <span>{owner}</span>}
        <span>更新于 {formatTime(s.updated)}</span>
      </div>
      {s.images.length > 0 && (
        <Image.PreviewGroup>
          <div className="zl-works-detail-pics">
            {s.images.map((img) => (
              <Image key={img.id} src={img.thumbUrl ?? img.url} preview={{ src: img.url }} alt={s.title} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
      {s.content ? <Paragraphs text={s.content} /> : null}
    </article>
  );
}
