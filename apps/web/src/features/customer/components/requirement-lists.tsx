import type { RequirementItem } from '@zl/shared';
import { REQUIREMENT_CATEGORIES, type RequirementCategory } from '@zl/shared';
import Collapse from 'antd/es/collapse';
import Table from 'antd/es/table';

function ItemsTable({ items }: { items: RequirementItem[] }) {
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      pagination={false}
      dataSource={items}
      scroll={{ x: 560 }}
      columns={[
        { title: '名称', dataIndex: 'name' },
        { title: '规格 / 材质', dataIndex: 'spec' },
        { title: '数量', key: 'qty', width: 100, render: (_, r) => `${r.qty} ${r.unit}` },
        { title: '备注', dataIndex: 'remark' },
      ]}
    />
  );
}

/** The seven requirement lists, read-only: one collapsed panel per filled category. */
export function RequirementLists({
  project,
}: {
  project: Partial<Record<RequirementCategory, RequirementItem[]>>;
}) {
  const cats = REQUIREMENT_CATEGORIES.filter(([k]) => (project[k]?.length ?? 0) > 0);
  if (cats.length === 0) return <div className="zl-cust-muted">没有填写需求清单</div>;
  return (
    <Collapse
      size="small"
      items={cats.map(([k, label]) => ({
        key: k,
        label: `${label}（${project[k]?.length ?? 0} 项）`,
        children: <ItemsTable items={project[k] ?? []} />,
      }))}
    />
  );
}
