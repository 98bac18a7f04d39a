import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Menu from 'antd/es/menu';
import { Link } from 'react-router';
import { AntdProvider } from '../antd-provider.tsx';
import type { NavItem } from './site-shell.tsx';

export interface PhoneDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** the member's masked mobile, or 已登录 before the session check has answered */
  who: string;
  cardno: string | null;
  items: NavItem[];
  accountLinks: Array<{ to: string; label: string }>;
  selectedKey: string;
  onLogout: () => void;
}

/**
 * The phone's navigation drawer. Its code (antd's Drawer and Menu) loads when the member first
 * opens it, not with the frame (docs/web.md § Page speed).
 */
export default function PhoneDrawer(p: PhoneDrawerProps) {
  const items = [
    ...p.items.map((n) => ({ key: n.key, icon: n.icon, label: <Link to={n.to}>{n.label}</Link> })),
    ...p.accountLinks.map((l) => ({
      key: l.to,
      icon: <UserOutlined />,
      label: <Link to={l.to}>{l.label}</Link>,
    })),
  ];
  return (
    <AntdProvider>
      <Drawer open={p.open} onClose={p.onClose} placement="right" size={280} title={p.title}>
        <div className="zl-drawer-user">
          <UserOutlined /> {p.who}
          {p.cardno && <div className="zl-drawer-cardno">会员号 {p.cardno}</div>}
        </div>
        <Menu mode="vertical" selectedKeys={[p.selectedKey]} items={items} style={{ borderInlineEnd: 0 }} />
        <Button block danger icon={<LogoutOutlined />} onClick={p.onLogout} style={{ marginTop: 16 }}>
          退出登录
        </Button>
      </Drawer>
    </AntdProvider>
  );
}
