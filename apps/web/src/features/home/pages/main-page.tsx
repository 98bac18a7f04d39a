import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { type CardType, cardTypeLabels, maskMobile } from '@zl/shared';
import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { chinaHour } from '../../../lib/time.ts';
import { useUserInfo } from '../../../lib/user-info.ts';
import { useHomeInfo } from '../api/home-info.ts';
import { EarningsChart } from '../components/earnings-chart.tsx';
import { HomeFigures } from '../components/home-figures.tsx';
import { HomeProjects } from '../components/home-projects.tsx';
import { HomeTodos } from '../components/home-todos.tsx';
import './home.css';
import { verificationOf, verifyPrompt } from '../../../lib/verification-state.ts';
import { FLOW } from '../lib/flow.ts';

const QUICK_LINKS = [
  { to: '/orderCenter', title: '项目大厅', icon: <AppstoreOutlined /> },
  { to: '/personCenter/projectList', title: '我的项目', icon: <FileTextOutlined /> },
  { to: '/message', title: '消息中心', icon: <BellOutlined /> },
  { to: '/personCenter/showRoomSetting', title: '展厅设置', icon: <ShopOutlined /> },
  { to: '/help', title: '帮助中心', icon: <QuestionCircleOutlined /> },
];

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export default function MainPage() {
  const member = useSession((s) => s.member);
  const cardno = useSession((s) => s.cardno);
  const name = member?.nickname || (member ? maskMobile(member.mobile) : '');
  const type = member ? cardTypeLabels[member.cardtype as CardType] : undefined;
  // The verification prompt once Member/userInfo says where the supplier stands (none if verified).
  const { data: info } = useUserInfo();
  const prompt = info ? verifyPrompt(verificationOf(info)) : null;
  // customers have their own portal (/customer); the home's data is the supplier's
  const isSupplier = member?.cardtype === 'workshop';
  const home = useHomeInfo(isSupplier);

  return (
    <div className="zl-home">
      <section className="zl-panel zl-home-hello">
        <div>
          <h1>
            {greeting(chinaHour())}
            {name ? `，${name}` : ''}
          </h1>
          <p>欢迎来到展览供应商接单平台，今天也找个好项目吧。</p>
        </div>
        <dl className="zl-home-facts">
          <div>
            <dt>会员号</dt>
            <dd>{member?.cardno ?? cardno ?? '—'}</dd>
          </div>
          <div>
            <dt>手机号</dt>
            <dd>{member ? maskMobile(member.mobile) : '—'}</dd>
          </div>
          <div>
            <dt>账号类型</dt>
            <dd>{type ?? '—'}</dd>
          </div>
        </dl>
      </section>

      {prompt && (
        <Alert
          type={prompt.type}
          showIcon
          title={prompt.title}
          action={<Link to={prompt.link.to}>{prompt.link.text}</Link>}
        />
      )}

      <nav className="zl-home-links" aria-label="快捷入口">
        {QUICK_LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="zl-home-link">
            <span className="zl-home-link-icon">{l.icon}</span>
            <b>{l.title}</b>
          </Link>
        ))}
      </nav>

      {home.isPending && isSupplier ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : home.data ? (
        <>
          <div className="zl-home-top">
            <HomeTodos todos={home.data.todos} />
            <HomeFigures figures={home.data.figures} />
          </div>
          <EarningsChart earnings={home.data.earnings} />
          <HomeProjects projects={home.data.projects} region={home.data.region} />
          {home.data.figures.quotes === 0 && <FlowPanel />}
        </>
      ) : (
        <FlowPanel />
      )}
    </div>
  );
}

/** 接单流程: how the platform works, for a supplier who has not quoted yet. */
function FlowPanel() {
  return (
    <section className="zl-panel">
      <h2 className="zl-home-h2" style={{ marginTop: 0 }}>
        接单流程
      </h2>
      <ol className="zl-flow">
        {FLOW.map((s, i) => (
          <li key={s.title}>
            <span className="zl-flow-no">{i + 1}</span>
            <b>{s.title}</b>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
