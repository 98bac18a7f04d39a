import { Outlet } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { AntdProvider } from '../antd-provider.tsx';

/** loginOther and /exception: a brand bar and one centered card, no guard. */
export default function SimpleLayout() {
  return (
    <div className="zl-simple">
      <header className="zl-simple-header">
        <Brand to="/login" />
      </header>
      <main className="zl-simple-main">
        <div className="zl-simple-card">
          <AntdProvider>
            <Outlet />
          </AntdProvider>
        </div>
      </main>
    </div>
  );
}
