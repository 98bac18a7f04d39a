import { Link } from 'react-router';
import { APP_NAME } from '../locales/zh-cn.ts';

/**
 * Logo mark + platform name; a link home. Its name is the visible platform name (the mark is
 * decoration): a spoken name that differs from the shown text fails WCAG 2.5.3.
 */
export function Brand({ to = '/', className = 'zl-auth-logo' }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={className}>
      <span className="zl-logo-mark" aria-hidden="true">
        展
      </span>
      <span>{APP_NAME}</span>
    </Link>
  );
}
