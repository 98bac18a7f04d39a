import BellOutlined from '@ant-design/icons/BellOutlined';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import type { HomeInfo } from '@zl/shared';
import Tag from 'antd/es/tag';
import { Link } from 'react-router';
import { deadlineInfo } from '../../../lib/project-dates.ts';
import { useUnreadCount, useUnreadTotal } from '../../message/index.ts';

type Todos = HomeInfo['todos'];

/** 「待办」: the won projects waiting on the supplier, the projects to quote, unread tips and conversation messages. */
export function HomeTodos({ todos }: { todos: Todos }) {
  // the header badge's count (userInfo, refreshed on every live tip), so the two never disagree;
  // Home/info's own count only until userInfo has answered (docs/home.md)
  const live = useUnreadCount();
  const unreadTips = live ?? todos.unreadTips;
  // the project conversation's unread messages (docs/conversation.md), as the header badge counts them
  const { messages } = useUnreadTotal();
  const none = todos.delivery.length === 0 && todos.quote.length === 0 && unreadTips === 0 && messages === 0;
  return (
    <section className="zl-panel zl-home-todos" aria-labelledby="home-todos">
      <h2 className="zl-home-h2" id="home-todos">
        待办事项
      </h2>
      {none && (
        <div className="zl-home-empty">
          <CheckCircleOutlined />
          <p>
            暂无待办。去 <Link to="/orderCenter">项目大厅</Link> 看看新项目，收藏的项目会在截止前出现在这里。
          </p>
        </div>
      )}
      {todos.delivery.length > 0 && (
        <ul className="zl-home-todo-list" aria-label="交付待办">
          {todos.delivery.map((t) => (
            <li key={`d${t.id}`} className="zl-home-todo">
              <div className="zl-home-todo-main">
                <Tag color={t.overdue ? 'red' : 'orange'}>{t.step}</Tag>
                <Link to={`/orderDetail?id=${t.id}`} className="zl-home-todo-title" title={t.title}>
                  {t.title}
                </Link>
              </div>
              <div className="zl-home-todo-side">
                {t.due && (
                  <span className={t.overdue ? 'zl-home-due zl-home-due-late' : 'zl-home-due'}>
                    {t.overdue ? '已逾期 ' : ''}
                    {t.due} 前
                  </span>
                )}
                <Link to={t.href} className="zl-home-todo-act">
                  {t.action}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {todos.quote.length > 0 && (
        <ul className="zl-home-todo-list" aria-label="待报价">
          {todos.quote.map((t) => {
            const dl = deadlineInfo(t.biddl);
            return (
              <li key={`q${t.id}`} className="zl-home-todo">
                <div className="zl-home-todo-main">
                  <Tag color={t.reason === 'favorite' ? 'magenta' : 'blue'}>
                    {t.reason === 'favorite' ? '已收藏' : '即将截止'}
                  </Tag>
                  <Link to={`/orderDetail?id=${t.id}`} className="zl-home-todo-title" title={t.title}>
                    {t.title}
                  </Link>
                </div>
                <div className="zl-home-todo-side">
                  <span className={dl.urgent ? 'zl-home-due zl-home-due-late' : 'zl-home-due'}>
                    {dl.text}
                  </span>
                  <Link to={`/orderDetail?id=${t.id}`} className="zl-home-todo-act">
                    去报价（{t.coins} 金币）
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {unreadTips > 0 && (
        <Link to="/message" className="zl-home-tips">
          <BellOutlined /> 有 <b>{unreadTips}</b> 条未读消息，去消息中心查看
        </Link>
      )}
      {messages > 0 && (
        <Link to="/message?tab=chat" className="zl-home-tips">
          <MessageOutlined /> 有 <b>{messages}</b> 条未读会话消息，去会话查看
        </Link>
      )}
    </section>
  );
}
