import './pager.css';

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pagesToShow(page: number, pages: number): Array<number | 'gap'> {
  const out: Array<number | 'gap'> = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

/**
 * 上一页 1 2 3 … 下一页 for a short list (docs/web.md § Page speed: antd's Pagination brings a
 * size select and its popup along). Nothing when everything fits on one page.
 */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="zl-pager" aria-label="分页">
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        上一页
      </button>
      {pagesToShow(page, pages).map((p, i) =>
        p === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
          <span key={`gap${i}`} className="zl-pager-gap">
            …
          </span>
        ) : (
          <button
            type="button"
            key={p}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`第 ${p} 页`}
            onClick={() => p !== page && onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        下一页
      </button>
    </nav>
  );
}
