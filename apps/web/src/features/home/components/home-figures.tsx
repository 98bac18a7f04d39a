import type { HomeInfo } from '@zl/shared';
import { Link } from 'react-router';
import { formatFen } from '../../../lib/money.ts';

/** 「我的数据」: quotes, wins, win rate, completed and the money released to the supplier. */
export function HomeFigures({ figures: f }: { figures: HomeInfo['figures'] }) {
  const cards = [
    { label: '报价次数', value: String(f.quotes), to: '/personCenter/projectList' },
    { label: '中标项目', value: String(f.won), to: '/personCenter/projectList' },
    {
      label: '中标率',
      value: f.winRate === null ? '—' : `${f.winRate}%`,
      hint: f.winRate === null ? '尚无定标结果' : '中标 ÷ 已定标报价',
    },
    { label: '已完成', value: String(f.completed), to: '/personCenter/projectList' },
    { label: '本月收入', value: formatFen(f.earningsMonth), to: '/personCenter/businessList', money: true },
    {
      label: '近 12 个月收入',
      value: formatFen(f.earningsYear),
      to: '/personCenter/businessList',
      money: true,
    },
  ];
  return (
    <section aria-labelledby="home-figures">
      <h2 className="zl-home-h2" id="home-figures">
        我的数据
      </h2>
      <div className="zl-home-figures">
        {cards.map((c) => {
          const body = (
            <>
              <span className="zl-home-fig-label">{c.label}</span>
              <b className={c.money ? 'zl-home-fig-money' : undefined}>{c.value}</b>
              {c.hint && <small>{c.hint}</small>}
            </>
          );
          return c.to ? (
            <Link key={c.label} to={c.to} className="zl-home-fig">
              {body}
            </Link>
          ) : (
            <div key={c.label} className="zl-home-fig">
              {body}
            </div>
          );
        })}
      </div>
    </section>
  );
}
