import { Link } from 'react-router';
import { APP_NAME } from '../locales/zh-cn.ts';

/** Logo mark + platform name; a link home. */
export function Brand({ to = '/', className = 'zl-auth-logo' }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={className} aria-label={`${APP_NAME} 首页`}>
      <span className="zl-logo-mark" aria-hidden="true">
        展
      </span>
      <span>{APP_NAME}</span>
    </Link>
  );
}
