import { REQUIREMENT_CATEGORIES, type RequirementCategory, type RequirementItem } from '@zl/shared';
import Collapse from 'antd/es/collapse';
import { RequirementItems } from '../requirement-items.tsx';

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
        children: <RequirementItems items={project[k] ?? []} />,
      }))}
    />
  );
}
