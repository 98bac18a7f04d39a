import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import { AntdProvider } from '../../../app/antd-provider.tsx';
import { FilterPanel, type FilterPanelProps } from './filter-panel.tsx';

export interface FilterDrawerProps extends FilterPanelProps {
  open: boolean;
  onClose: () => void;
  onReset: () => void;
  /** the footer button's text: 「查看 N 个项目」 or 「正在筛选…」 */
  footer: string;
}

/**
 * The phone's 筛选 drawer with the filters: its code (antd's Drawer, date picker, region cascader)
 * loads when the member first opens it (docs/web.md § Page speed).
 */
export default function FilterDrawer({ open, onClose, onReset, footer, ...panel }: FilterDrawerProps) {
  return (
    <AntdProvider>
      <Drawer
        open={open}
        onClose={onClose}
        placement="bottom"
        size="85%"
        title="筛选项目"
        extra={
          <Button type="link" onClick={onReset}>
            重置
          </Button>
        }
        footer={
          <Button type="primary" block size="large" onClick={onClose}>
            {footer}
          </Button>
        }
      >
        <FilterPanel {...panel} />
      </Drawer>
    </AntdProvider>
  );
}
