import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isBizError } from '../../../lib/biz-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { ShowDesigns, ShowServices } from '../../works/index.ts';
import { useShowInfo } from '../api/show-info.ts';
import { ShowroomView } from '../components/showroom-view.tsx';

const CARDNO_RE = /^\d{8}$/;

/**
 * /show?id=<cardno>: a supplier's public showroom, readable without an account. Without an id a
 * signed-in supplier sees its own (docs/showroom.md § Public page).
 */
export default function ShowPage() {
  const [params] = useSearchParams();
  const own = useSession((s) => s.cardno);
  const raw = params.get('id');
  const cardno = raw !== null ? (CARDNO_RE.test(raw) ? raw : '') : own;
  const { data, error, isPending } = useShowInfo(cardno ? cardno : null);

  useEffect(() => {
    if (data) document.title = `${data.profile.name}的展厅 - 展览供应商接单平台`;
  }, [data]);

  if (cardno === null) {
    return (
      <Result
        title="请从分享链接打开供应商展厅"
        subTitle="供应商登录后可在这里看到自己的展厅。"
        extra={
          <Link to="/login">
            <Button type="primary">登录</Button>
          </Link>
        }
      />
    );
  }
  if (cardno === '' || (error && isBizError(error) && error.code === 'NOT_FOUND')) {
    const mine = raw === null;
    return (
      <Result
        status="404"
        title={mine ? '参展商账号没有展厅' : '展厅不存在'}
        subTitle={mine ? '展厅是供应商的公开主页。' : '链接可能有误，或该会员不是供应商。'}
        extra={
          <Link to="/">
            <Button>返回首页</Button>
          </Link>
        }
      />
    );
  }
  if (error) {
    return <Result status="warning" title="展厅暂时打不开" subTitle={error.message} />;
  }
  if (isPending || !data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <ShowroomView
      info={data}
      extraSections={
        <>
          <section className="zl-show-section">
            <h2>设计作品</h2>
            <ShowDesigns cardno={data.profile.cardno} />
          </section>
          <section className="zl-show-section">
            <h2>服务项目</h2>
            <ShowServices cardno={data.profile.cardno} />
          </section>
        </>
      }
    />
  );
}
