import { Outlet } from 'react-router';
import { Brand } from '../../components/brand.tsx';

const POINTS = [
  { title: '海量展台项目', text: '特装展台、展厅展馆、舞台活动，参展商直接发布，审核后进入项目大厅。' },
  { title: '在线报价签约', text: '按地面、背板、门头等七类清单报价，中标后在线上传合同与完工报告。' },
  { title: '预付款平台托管', text: '参展商预付款由平台托管，验收通过即结算到账，可随时申请提现。' },
];

/** Login layout (no guard): brand panel + form card on desktop, one column on phones. */
export default function LoginLayout() {
  return (
    <div className="zl-auth">
      <div className="zl-auth-mobile-brand">
        <span className="zl-logo-mark" aria-hidden="true">
          展
        </span>
        展览供应商接单平台
      </div>
      <aside className="zl-auth-brand">
        <Brand to="/login" />
        <div className="zl-auth-pitch">
          <h2>
            展台搭建供应商
            <br />
            接单、报价、收款一站完成
          </h2>
          <p>面向展览工厂与搭建商：找项目更快，报价更规范，回款有保障。</p>
          <ul className="zl-auth-points">
            {POINTS.map((p, i) => (
              <li key={p.title}>
                <span className="zl-auth-dot">{i + 1}</span>
                <div>
                  <b>{p.title}</b>
                  <span>{p.text}</span>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="zl-auth-foot">© {new Date().getFullYear()} 展览供应商接单平台</div>
      </aside>
      <main className="zl-auth-main">
        <div className="zl-auth-card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
