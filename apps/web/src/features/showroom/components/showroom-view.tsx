import CopyOutlined from '@ant-design/icons/CopyOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import SafetyCertificateFilled from '@ant-design/icons/SafetyCertificateFilled';
import type { ShowInfo } from '@zl/shared';
import Button from 'antd/es/button';
import Image from 'antd/es/image';
import Rate from 'antd/es/rate';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { withFeedback } from '../../../lib/feedback.ts';
import { CaseGallery } from './case-gallery.tsx';
import '../showroom.css';
import { ScoreBadge } from '../../../components/project/score-badge.tsx';
import { TrackRecord } from '../../../components/project/track-record.tsx';
import { showroomUrl } from '../api/my-showroom.ts';

async function copyLink(cardno: string) {
  try {
    await navigator.clipboard.writeText(showroomUrl(cardno));
    withFeedback((f) => f.message.success('分享链接已复制，可粘贴到微信发送'));
  } catch {
    withFeedback((f) => f.message.warning(`复制失败，请手动复制：${showroomUrl(cardno)}`));
  }
}

function Facts({ info }: { info: ShowInfo }) {
  const p = info.profile;
  const rows: Array<[string, ReactNode]> = [
    ['公司规模', p.scale],
    ['成立年份', p.founded ? `${p.founded} 年` : ''],
    ['服务地区', p.regions.length ? p.regions.map((r) => <Tag key={r}>{r}</Tag>) : ''],
    [
      '擅长领域',
      p.specialities.length
        ? p.specialities.map((s) => (
            <Tag key={s} color="blue">
              {s}
            </Tag>
          ))
        : '',
    ],
    ['联系方式', p.contact],
  ];
  const shown = rows.filter(([, v]) => v !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="zl-show-facts">
      {shown.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Evaluations({ info }: { info: ShowInfo }) {
  if (info.evaluations.length === 0) return <p className="zl-show-empty">暂无公开评价</p>;
  return (
    <ul className="zl-show-evals">
      {info.evaluations.map((e) => (
        <li key={e.id}>
          <div className="zl-show-eval-head">
            <b>{e.authorName}</b>
            <span className="zl-show-muted">{e.projectTitle}</span>
            <span className="zl-show-muted">{e.created.slice(0, 10)}</span>
          </div>
          <div className="zl-show-eval-marks">
            <span>
              质量 <Rate disabled value={e.quality} style={{ fontSize: 12 }} />
            </span>
            <span>
              服务 <Rate disabled value={e.service} style={{ fontSize: 12 }} />
            </span>
            <span>
              准时 <Rate disabled value={e.punctuality} style={{ fontSize: 12 }} />
            </span>
          </div>
          <p className="zl-show-pre">{e.content}</p>
          {e.pictures.length > 0 && (
            <Image.PreviewGroup>
              <div className="zl-show-eval-pics">
                {e.pictures.map((p) => (
                  <Image
                    key={p.id}
                    width={72}
                    height={72}
                    src={p.thumbUrl ?? p.url}
                    preview={{ src: p.url }}
                    alt="评价图片"
                  />
                ))}
              </div>
            </Image.PreviewGroup>
          )}
          {e.reply && <p className="zl-show-reply">供应商回复：{e.reply}</p>}
        </li>
      ))}
    </ul>
  );
}

/**
 * A supplier's showroom as everyone sees it (docs/showroom.md § Public page). `extraSections`
 * is where the designs (设计作品) and services (服务) sections are placed, between the cases and
 * the evaluations.
 */
export function ShowroomView({ info, extraSections }: { info: ShowInfo; extraSections?: ReactNode }) {
  const p = info.profile;
  const verified = info.businessVerified || info.personVerified;
  return (
    <article className="zl-show">
      <header className="zl-show-hero">
        <div
          className="zl-show-banner"
          style={p.banner ? { backgroundImage: `url("${p.banner.url}")` } : undefined}
          role="img"
          aria-label={p.banner ? `${p.name}横幅` : undefined}
        />
        <div className="zl-show-id">
          <div className="zl-show-logo">
            {p.logo ? (
              <img src={p.logo.thumbUrl ?? p.logo.url} alt={`${p.name}标志`} />
            ) : (
              <span>{[...p.name][0] ?? '展'}</span>
            )}
          </div>
          <div className="zl-show-title">
            <h1>{p.name || `供应商 ${p.cardno}`}</h1>
            <div className="zl-show-badges">
              {info.businessVerified && (
                <Tag color="gold" icon={<SafetyCertificateFilled />}>
                  企业认证
                </Tag>
              )}
              {info.personVerified && (
                <Tag color="blue" icon={<SafetyCertificateFilled />}>
                  实名认证
                </Tag>
              )}
              {!verified && <Tag>未认证</Tag>}
              <span className="zl-show-muted">会员号 {p.cardno}</span>
            </div>
          </div>
          {info.mine && (
            <div className="zl-show-actions">
              <Button icon={<CopyOutlined />} onClick={() => void copyLink(p.cardno)}>
                复制分享链接
              </Button>
              <Link to="/personCenter/showRoomSetting">
                <Button icon={<EditOutlined />}>编辑展厅</Button>
              </Link>
            </div>
          )}
        </div>
      </header>

      {info.mine && !p.isSet && (
        <p className="zl-show-hint">
          您还没有设置展厅资料，参展商看到的只有公司名称。
          <Link to="/personCenter/showRoomSetting">去设置展厅</Link>
        </p>
      )}

      <section className="zl-show-section zl-show-rep" aria-label="信誉">
        <div>
          <span className="zl-show-label">综合评分</span>
          <ScoreBadge score={info.score} />
          <span className="zl-show-muted">（{info.evaluationCount} 条公开评价）</span>
        </div>
        <div>
          <span className="zl-show-label">履约记录</span>
          <TrackRecord record={info.trackRecord} basis />
        </div>
      </section>

      <section className="zl-show-section">
        <h2>公司简介</h2>
        {p.introduction ? (
          <p className="zl-show-pre">{p.introduction}</p>
        ) : (
          <p className="zl-show-empty">暂无简介</p>
        )}
        <Facts info={info} />
      </section>

      <section className="zl-show-section">
        <h2>案例展示</h2>
        <CaseGallery cases={info.cases} />
      </section>

      {/* 设计作品与服务 (designs, services): the works feature's sections, passed in by the page */}
      {extraSections}

      <section className="zl-show-section">
        <h2>客户评价</h2>
        <Evaluations info={info} />
      </section>
    </article>
  );
}
