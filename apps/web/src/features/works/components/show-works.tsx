import type { DesignView, ServiceView } from '@zl/shared';
import Empty from 'antd/es/empty';
import Image from 'antd/es/image';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { DesignCard } from './design-card.tsx';
import { ServiceCard } from './service-card.tsx';
import { Paragraphs, ServiceDetailView } from './service-detail-view.tsx';
import '../works.css';
import { useShowWorks } from '../api/show-works.ts';

function DesignDetail({ d }: { d: DesignView }) {
  return (
    <article className="zl-works-detail">
      <h2>{d.title}</h2>
      <div className="zl-works-meta">
        <span>风格：{d.style}</span>
        <span>面积：{d.area}㎡</span>
      </div>
      <Image.PreviewGroup>
        <div className="zl-works-detail-pics">
          {d.images.map((img) => (
            <Image key={img.id} src={img.thumbUrl ?? img.url} preview={{ src: img.url }} alt={d.title} />
          ))}
        </div>
      </Image.PreviewGroup>
      {d.description && <Paragraphs text={d.description} />}
    </article>
  );
}

/**
 * The public designs of supplier `cardno` (Company/showWorks, no login): a gallery; a card opens
 * the design with all its pictures. For the showcase page /show (docs/works.md).
 */
export function ShowDesigns({ cardno }: { cardno: string }) {
  const { data, isLoading, error } = useShowWorks(cardno);
  const [open, setOpen] = useState<DesignView | null>(null);
  if (isLoading) return <Skeleton active />;
  if (error || !data || data.designs.length === 0) return <Empty description="暂无设计作品" />;
  return (
    <>
      <div className="zl-works-grid">
        {data.designs.map((d) => (
          <DesignCard key={d.id} d={d} onOpen={() => setOpen(d)} />
        ))}
      </div>
      <Modal open={open !== null} onCancel={() => setOpen(null)} footer={null} width={760} destroyOnHidden>
        {open && <DesignDetail d={open} />}
      </Modal>
    </>
  );
}

/**
 * The public services of supplier `cardno`: cards with price per unit (or 图文服务); a card opens
 * the service's detail (Company/serviceInfo readable by anyone). For the showcase page /show.
 */
export function ShowServices({ cardno }: { cardno: string }) {
  const { data, isLoading, error } = useShowWorks(cardno);
  const [open, setOpen] = useState<ServiceView | null>(null);
  if (isLoading) return <Skeleton active />;
  if (error || !data || data.services.length === 0) return <Empty description="暂无服务" />;
  return (
    <>
      <div className="zl-works-grid">
        {data.services.map((s) => (
          <ServiceCard key={s.id} s={s} onOpen={() => setOpen(s)} />
        ))}
      </div>
      <Modal open={open !== null} onCancel={() => setOpen(null)} footer={null} width={760} destroyOnHidden>
        {open && <ServiceDetailView s={open} owner={data.supplier.name} />}
      </Modal>
    </>
  );
}
