import type { TableProps } from 'antd/es/table';
import Table from 'antd/es/table';

/** A page of a paged list: which page, how many rows in all, and what a click on another page does. */
export interface Paging {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** The console's table: small, scrolling sideways on narrow screens, paged by `paging` (or not at all). */
export function AdminTable<T extends object>({
  paging,
  ...props
}: Omit<TableProps<T>, 'pagination'> & { paging?: Paging }) {
  return (
    <Table<T>
      className="zl-admin-table"
      size="small"
      scroll={{ x: 'max-content' }}
      pagination={paging ? { ...paging, showSizeChanger: false, size: 'small' } : false}
      {...props}
    />
  );
}
