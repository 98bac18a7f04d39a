import { Link } from 'react-router';

/** The public and member layouts' footer: the about/help links and the copyright (with the shell's tagline). */
export function SiteFooter({ tagline }: { tagline?: string }) {
  return (
    <footer className="zl-footer">
      <nav>
        <Link to="/about">关于我们</Link>
        <Link to="/help">帮助中心</Link>
      </nav>
      <div>
        © {new Date().getFullYear()} 展览供应商接单平台{tagline ? ` · ${tagline}` : null}
      </div>
    </footer>
  );
}
