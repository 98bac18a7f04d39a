import Collapse from 'antd/es/collapse';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { FAQ, SMS_HELP_QUESTION } from '../lib/help-faq.ts';
import './home.css';

export { SMS_HELP_QUESTION };

export default function HelpPage() {
  const { hash } = useLocation();
  const anchor = hash.replace(/^#/, '');
  useEffect(() => {
    if (anchor) document.getElementById(anchor)?.scrollIntoView?.();
  }, [anchor]);
  return (
    <article className="zl-panel zl-article">
      <h1>帮助中心</h1>
      <p>
        以下是注册登录、报价与金币、预付款托管、提现、合同与完工报告、评价、投诉和消息的常见问题。平台介绍见{' '}
        <Link to="/about">关于我们</Link>。
      </p>
      <nav className="zl-help-toc" aria-label="问题分类">
        {FAQ.map((g) => (
          <Link key={g.id} to={{ hash: g.id }} replace aria-label={`跳到「${g.group}」`}>
            {g.group}
          </Link>
        ))}
      </nav>
      {FAQ.map((g) => {
        const id = g.id;
        return (
          <section key={g.group} id={id}>
            <h2>{g.group}</h2>
            <Collapse
              defaultActiveKey={id && id === anchor ? [SMS_HELP_QUESTION] : []}
              items={g.items.map(([q, a]) => ({
                key: q,
                label: q,
                children:
                  typeof a === 'string' ? (
                    <p style={{ margin: 0 }}>{a}</p>
                  ) : (
                    <ol style={{ margin: 0, paddingInlineStart: 20 }}>
                      {a.map((step) => (
                        <li key={step}>{step}</li>
                      ))}
                    </ol>
                  ),
              }))}
            />
          </section>
        );
      })}
    </article>
  );
}
