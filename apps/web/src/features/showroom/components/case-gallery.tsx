import type { CaseView } from '@zl/shared';
import Image from 'antd/es/image';
import Modal from 'antd/es/modal';
import { useState } from 'react';

/** The cases as cover cards; a click opens the case with all its pictures (each can be zoomed). */
export function CaseGallery({ cases }: { cases: CaseView[] }) {
  const [open, setOpen] = useState<CaseView | null>(null);
  if (cases.length === 0) return <p className="zl-show-empty">暂无案例</p>;
  return (
    <>
      <ul className="zl-show-cases">
        {cases.map((c) => (
          <li key={c.id}>
            <button type="button" className="zl-show-case" onClick={() => setOpen(c)}>
              <img src={c.faceimg.thumbUrl ?? c.faceimg.url} alt={c.title} loading="lazy" />
              <span className="zl-show-case-title">{c.title}</span>
              <span className="zl-show-case-count">{c.pictures.length + 1} 张图片</span>
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={open !== null}
        title={open?.title}
        footer={null}
        width={880}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        {open && (
          <div className="zl-show-case-detail">
            {open.descr && <p className="zl-show-pre">{open.descr}</p>}
            <Image.PreviewGroup>
              <div className="zl-show-case-pics">
                {[open.faceimg, ...open.pictures].map((p, i) => (
                  <Image
                    key={p.id}
                    src={p.thumbUrl ?? p.url}
                    preview={{ src: p.url }}
                    alt={`${open.title} 图片 ${i + 1}`}
                  />
                ))}
              </div>
            </Image.PreviewGroup>
          </div>
        )}
      </Modal>
    </>
  );
}
