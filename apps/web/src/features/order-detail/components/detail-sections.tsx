import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import type {
  MyQuoteSummary,
  ProjectInfo as ProjectDetail,
  QuoteView,
  RequirementItem,
  WinnerInfo,
} from '@zl/shared';
import { fileUrl, type ProjectStatus, projectStatusLabels, REQUIREMENT_CATEGORIES } from '@zl/shared';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Image from 'antd/es/image';
import Tabs from 'antd/es/tabs';
import { Link } from 'react-router';
import { ProjectCover } from '../../../components/project/project-card.tsx';
import { QuoteStateTag } from '../../../components/project/quote-state-tag.tsx';
import { RequirementItems } from '../../../components/requirement-items.tsx';
import { formatFen } from '../../../lib/money.ts';
import { formatDateTime } from '../../../lib/project-dates.ts';

export function Gallery({ project }: { project: ProjectDetail }) {
  const pics = project.picture ?? [];
  if (pics.length === 0) {
    return (
      <div className="zl-od-gallery zl-od-gallery-empty">
        <ProjectCover project={{ ...project, cover: null }} />
        <span>客户未上传参考图</span>
      </div>
    );
  }
  const [first, ...rest] = pics;
  return (
    <div className="zl-od-gallery">
      <Image.PreviewGroup>
        {first && <Image className="zl-od-main" src={first.url} alt={`${project.title} 参考图 1`} />}
        {rest.length > 0 && (
          <div className="zl-od-thumbs">
            {rest.map((p, i) => (
              <Image
                key={p.id}
                src={p.thumbUrl || p.url}
                preview={{ src: p.url }}
                alt={`参考图 ${i + 2}`}
                width={72}
                height={72}
              />
            ))}
          </div>
        )}
      </Image.PreviewGroup>
    </div>
  );
}

/** The seven requirement lists as tabs; an empty category is left out. */
export function Requirements({ project }: { project: ProjectDetail }) {
  const tabs = REQUIREMENT_CATEGORIES.map(([key, label]) => ({
    key,
    label,
    items: (project[key] ?? []) as RequirementItem[],
  })).filter((t) => t.items.length > 0);
  if (tabs.length === 0)
    return <Empty description="客户未填写需求清单，请以项目描述为准" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tabs
      items={tabs.map((t) => ({
        key: t.key,
        label: `${t.label} ${t.items.length}`,
        children: <RequirementItems items={t.items} />,
      }))}
    />
  );
}

export function Attachment({ project }: { project: ProjectDetail }) {
  if (!project.attach) return <span className="zl-od-muted">无</span>;
  return (
    <a href={fileUrl(project.attach)} target="_blank" rel="noreferrer">
      <PaperClipOutlined /> {project.attachname || '项目附件'}
    </a>
  );
}

export function MyQuoteCard({
  quote,
  canEdit,
  projectId,
}: {
  quote: MyQuoteSummary & Partial<Pick<QuoteView, 'remark'>>;
  canEdit: boolean;
  projectId: number;
}) {
  return (
    <div className="zl-od-myquote">
      <div className="zl-od-myquote-head">
        <span>我的报价</span>
        <QuoteStateTag status={quote.status} />
      </div>
      <div className="zl-od-myquote-total">{formatFen(quote.total)}</div>
      <div className="zl-od-muted">
        工期 {quote.days} 天
        {quote.updated || quote.created
          ? ` · 更新于 ${formatDateTime(quote.updated || quote.created || '')}`
          : ''}
      </div>
      {quote.remark && <p className="zl-od-myquote-remark">{quote.remark}</p>}
      {canEdit && <Link to={`/orderPrice?id=${projectId}`}>修改报价 →</Link>}
    </div>
  );
}

/** After the award: the winner sees the customer's contact; the others see that they lost. */
/** After the award the project moves on (签约中, 施工中 …): the won message says where it is. */
const WON_NEXT: Record<number, string> = {
  2: '请尽快与客户联系，下载合同签字盖章后上传。',
  3: '合同签订中，请留意参展商的审核结果与预付款。',
  4: '施工中，完工后请上传完工报告。',
  5: '完工报告已提交，等待参展商验收。',
  6: '项目已完成验收。',
};

export function AwardResult({ info, status = 2 }: { info: WinnerInfo; status?: number }) {
  if (!info.awarded) return null;
  if (info.mine === 'won') {
    return (
      <Alert
        type="success"
        showIcon
        icon={<TrophyOutlined />}
        title={
          status <= 2
            ? '恭喜您中标'
            : `您是本项目的中标方 · ${projectStatusLabels[status as ProjectStatus] ?? ''}`
        }
        description={
          <div>
            客户联系方式：<b>{info.contact?.name || '客户'}</b> {info.contact?.mobile || '—'}
            <div className="zl-od-muted">{WON_NEXT[status] ?? ''}</div>
          </div>
        }
      />
    );
  }
  if (info.mine === 'lost') {
    return (
      <Alert
        type="info"
        showIcon
        title="未中标"
        description={`客户已选择其他供应商${info.winner?.name ? `（${info.winner.name}）` : ''}，感谢您的报价。`}
      />
    );
  }
  return null;
}

export function Prepay({ fen }: { fen: number }) {
  return <>{fen > 0 ? formatFen(fen) : '无'}</>;
}
