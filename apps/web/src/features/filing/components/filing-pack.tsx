import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { type FilingView, fireRatingLabels } from '@zl/shared';
import Tag from 'antd/es/tag';
import { formatTime } from '../../../lib/time.ts';
import { useCompact } from '../../../lib/use-compact.ts';
import { ANSWER_LABELS } from './filing-answer.tsx';

const RATING_COLOR: Record<string, string> = { A: 'green', B1: 'blue', B2: 'orange', B3: 'red' };
const ANSWER_COLOR = { submitted: 'processing', approved: 'success', changes: 'warning' } as const;

/** A private file of the filing, opened in a new tab (the two parties may read it). */
function FileLink({ url, text }: { url: string; text: string }) {
  return (
    <a href={url} target="_blank" rel="noreferrer" className="zl-filing-file">
      <PaperClipOutlined /> {text}
    </a>
  );
}

/** 施工人员: a small table on a desktop, a card per person on a phone. */
function CrewList({ crew }: { crew: FilingView['crew'] }) {
  const compact = useCompact();
  if (compact)
    return (
      <ul className="zl-filing-cards" aria-label="施工人员">
        {crew.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the saved crew is fixed, in order
          <li key={i} className="zl-filing-card">
            <div className="zl-filing-card-head">
              <b>{c.name}</b>
              <span className="zl-filing-muted">{c.role}</span>
            </div>
            <div>手机号 {c.mobile}</div>
            <div>
              身份证号 <span className="zl-filing-mono">{c.idcard}</span>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <table className="zl-filing-table" aria-label="施工人员">
      <colgroup>
        <col className="zl-filing-col-name" />
        <col className="zl-filing-col-role" />
        <col className="zl-filing-col-mobile" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th>姓名</th>
          <th>工种</th>
          <th>手机号</th>
          <th>身份证号</th>
        </tr>
      </thead>
      <tbody>
        {crew.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the saved crew is fixed, in order
          <tr key={i}>
            <td>{c.name}</td>
            <td>{c.role}</td>
            <td className="zl-filing-mono">{c.mobile}</td>
            <td className="zl-filing-mono">{c.idcard}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 搭建材料: each material and its 防火等级 (the label of GB 8624). */
function MaterialList({ materials }: { materials: FilingView['materials'] }) {
  return (
    <table className="zl-filing-table" aria-label="搭建材料">
      <colgroup>
        <col />
        <col className="zl-filing-col-rating" />
      </colgroup>
      <thead>
        <tr>
          <th>材料名称</th>
          <th>防火等级</th>
        </tr>
      </thead>
      <tbody>
        {materials.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the saved materials are fixed, in order
          <tr key={i}>
            <td>{m.name}</td>
            <td>
              <Tag color={RATING_COLOR[m.fireRating]}>{fireRatingLabels[m.fireRating]}</Tag>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The saved pack, read-only: 用电, 搭建材料, 施工人员, 保险单 (the customer's ID numbers come masked). */
export function FilingPack({ view }: { view: FilingView }) {
  return (
    <div className="zl-filing-pack">
      <dl className="zl-filing-facts">
        <div>
          <dt>用电功率</dt>
          <dd>{view.power ? `${view.power.kw} kW` : '—'}</dd>
        </div>
        <div>
          <dt>电箱规格</dt>
          <dd>{view.power?.box || '—'}</dd>
        </div>
        <div>
          <dt>施工保险单</dt>
          <dd>{view.insurance ? <FileLink url={view.insurance.url} text="查看保险单" /> : '—'}</dd>
        </div>
        <div>
          <dt>最后保存</dt>
          <dd>{formatTime(view.savedAt)}</dd>
        </div>
      </dl>
      <h3>{`搭建材料（${view.materials.length} 种）`}</h3>
      <MaterialList materials={view.materials} />
      <h3>{`施工人员（${view.crew.length} 人）`}</h3>
      <CrewList crew={view.crew} />
    </div>
  );
}

/** 场馆回复: what the venue answered, oldest first, with the server's time. */
export function FilingHistory({ history }: { history: FilingView['history'] }) {
  return (
    <ol className="zl-filing-events">
      {history.map((h, i) => {
        const label = ANSWER_LABELS[h.status];
        const at = formatTime(h.at);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows, oldest first
          <li key={i} className={`zl-filing-ev zl-filing-ev-${h.status}`} aria-label={`${label} ${at}`}>
            <div className="zl-filing-ev-head">
              <Tag color={ANSWER_COLOR[h.status]}>{label}</Tag>
              <time dateTime={h.at} className="zl-filing-ev-time">
                {at}
              </time>
            </div>
            {h.note && <p className="zl-filing-ev-note">{h.note}</p>}
            {h.file && (
              <p className="zl-filing-ev-file">
                <FileLink url={h.file.url} text={h.status === 'approved' ? '场馆审核通过文件' : '场馆文件'} />
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
