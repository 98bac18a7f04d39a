import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { AntdProvider } from '../antd-provider.tsx';
import './main-layout.css';
import { SiteFooter } from './site-footer.tsx';

/**
 * /about, /help and a supplier's showroom /show: readable without an account (someone who cannot
 * log in needs 「收不到验证码？」 most; a shared showroom link is opened by anyone). The site's
 * header and footer, without the member's menu; a member gets a link home.
 */
export default function PublicLayout() {
  const cardno = useSession((s) => s.cardno);
  return (
    <div className="zl-main">
      <header className="zl-header">
        <div className="zl-header-inner">
          <Brand to={cardno ? '/' : '/login'} className="zl-header-brand" />
          <nav className="zl-public-nav">
            {cardno ? (
              <Link to="/">返回首页</Link>
            ) : (
              <>
                <Link to="/login">登录</Link>
                <Link to="/login/register">注册</Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main className="zl-content">
        <AntdProvider>
          <QueryClientProvider client={queryClient}>
            <Outlet />
          </QueryClientProvider>
        </AntdProvider>
      </main>
      <SiteFooter />
    </div>
  );
}
