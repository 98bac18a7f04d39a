import type { RequirementItem } from '@zl/shared';
import Table from 'antd/es/table';
import { useCompact } from '../lib/use-compact.ts';
import './requirement-items.css';

const COLUMNS = [
  { title: '名称', dataIndex: 'name', key: 'name' },
  { title: '规格 / 材质', dataIndex: 'spec', key: 'spec', render: (v: string) => v || '—' },
  {
    title: '数量',
    key: 'qty',
    width: 100,
    align: 'right' as const,
    render: (_: unknown, r: RequirementItem) => `${r.qty} ${r.unit}`,
  },
  { title: '备注', dataIndex: 'remark', key: 'remark', render: (v: string) => v || '—' },
];

/**
 * A requirement list, read-only: a table on desktop, one card per item on a phone, where a table's
 * columns past the screen's edge were hidden with nothing to say so (docs/web.md § Phone layout).
 */
export function RequirementItems({ items }: { items: RequirementItem[] }) {
  const compact = useCompact();
  if (compact)
    return (
      <ul className="zl-req-cards" aria-label="需求清单">
        {items.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown, never reordered
          <li key={i} className="zl-req-card">
            <div className="zl-req-card-head">
              <b>{r.name}</b>
              <span className="zl-req-card-qty">
                {r.qty} {r.unit}
              </span>
            </div>
            {r.spec && <div className="zl-req-card-spec">{r.spec}</div>}
            {r.remark && <div className="zl-req-card-remark">备注：{r.remark}</div>}
          </li>
        ))}
      </ul>
    );
  return (
    <Table<RequirementItem>
      size="small"
      rowKey={(_, i) => String(i)}
      pagination={false}
      dataSource={items}
      columns={COLUMNS}
      scroll={{ x: 560 }}
    />
  );
}
