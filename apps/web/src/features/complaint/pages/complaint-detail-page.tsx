import { useQuery } from '@tanstack/react-query';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link, useLocation, useSearchParams } from 'react-router';
import { complaintInfoQuery } from '../api/complaint.ts';
import { ComplaintView } from '../components/complaint-view.tsx';
import { complaintBase } from './complaint-list-page.tsx';
import '../complaint.css';

/** 投诉详情 (?id=): both statements, the evidence, the state and the ruling; the answer form for the respondent. */
export default function ComplaintDetailPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const base = complaintBase(pathname);
  const id = Number(params.get('id')) || 0;
  const { data, isPending, error } = useQuery(complaintInfoQuery(id));
  if (!id || error)
    return (
      <Result status="404" title="投诉不存在" extra={<Link to={`${base}/complaints`}>返回我的投诉</Link>} />
    );
  if (isPending || !data) return <Skeleton active className="zl-panel" />;
  const projectLink =
    base === '/customer' ? `/customer/project?id=${data.projectId}` : `/orderDetail?id=${data.projectId}`;
  return (
    <div className={base === '/customer' ? 'zl-panel zl-complaint-page' : 'zl-complaint-page'}>
      <div className="zl-complaint-head">
        <h1 className="zl-complaint-h1">投诉详情</h1>
        <Link to={`${base}/complaints`}>我的投诉</Link>
        <Link to={projectLink}>查看项目</Link>
      </div>
      <ComplaintView c={data} />
    </div>
  );
}
