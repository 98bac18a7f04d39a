import Segmented from 'antd/es/segmented';
import type { TableProps } from 'antd/es/table';
import Table from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';

/** Which page a paged list shows and what a click on another page does (the total comes with the list). */
export interface Paging {
  current: number;
  pageSize: number;
  onChange: (page: number) => void;
}

/**
 * The filters of a paged list kept in the page's state, starting from `initial`: `set` changes some
 * and goes back to page 1, `paging` is what AdminTable wants.
 */
export function useListFilters<F extends object>(pageSize: number, initial: Partial<F> = {}) {
  const [q, setQ] = useState({ page: 1, pageSize, ...initial } as F & { page: number; pageSize: number });
  const set = (patch: Partial<F>) => setQ((old) => ({ ...old, ...patch, page: 1 }));
  const paging: Paging = { current: q.page, pageSize, onChange: (page) => setQ((old) => ({ ...old, page })) };
  return { q, set, paging };
}

/**
 * The console's table: small, scrolling sideways on narrow screens, showing a list query's rows
 * (`listItem`), paged by `paging` (or not at all). Its scrolling box takes the keyboard's focus, so
 * a table wider than the screen scrolls by arrow keys too (WCAG 2.1.1; docs/web.md § Accessibility).
 */
export function AdminTable<T extends object>({
  list,
  paging,
  ...props
}: Omit<TableProps<T>, 'pagination' | 'dataSource' | 'loading'> & {
  list: { data?: { listItem: T[]; total?: number } | undefined; isFetching: boolean };
  paging?: Paging;
}) {
  const total = list.data?.total ?? 0;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const el of box.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) el.tabIndex = 0;
  });
  return (
    <div ref={box}>
      <Table<T>
        className="zl-admin-table"
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={list.data?.listItem ?? []}
        loading={list.isFetching}
        pagination={paging ? { ...paging, total, showSizeChanger: false, size: 'small' } : false}
        {...props}
      />
    </div>
  );
}

/** A list's status tabs: each of `order` by its text, then 全部 ('all'). */
export function StatusTabs<S extends string>({
  value,
  onChange,
  order,
  texts,
}: {
  value: S | 'all';
  onChange: (value: S | 'all') => void;
  order: readonly S[];
  texts: Record<S, string>;
}) {
  return (
    <Segmented<S | 'all'>
      aria-label="按状态筛选"
      value={value}
      onChange={onChange}
      options={[
        ...order.map((s) => ({ value: s, label: texts[s] })),
        { value: 'all' as const, label: '全部' },
      ]}
    />
  );
}
