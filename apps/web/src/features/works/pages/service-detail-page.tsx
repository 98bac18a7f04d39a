import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ServiceDetailView } from '../components/service-detail-view.tsx';
import { idParam } from '../components/supplier-only.tsx';
import '../works.css';
import { useDeleteService, useServiceInfo } from '../api/services.ts';

/**
 * /personCenter/serviceDetail?id= 服务详情 (docs/works.md): any supplier's service (Company/serviceInfo
 * is public); the owner also gets edit and delete.
 */
export default function ServiceDetailPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const { data, isLoading } = useServiceInfo(id);
  const remove = useDeleteService();
  if (isLoading) return <Skeleton active />;
  if (!data)
    return (
      <Result
        status="404"
        title="服务不存在或已删除"
        extra={<Link to="/personCenter/serviceList">返回我的服务</Link>}
      />
    );
  return (
    <div className="zl-works-page">
      <div className="zl-works-head">
        <Link to={data.mine ? '/personCenter/serviceList' : `/show?id=${data.supplier.cardno}`}>
          {data.mine ? '← 我的服务' : `← ${data.supplier.name}`}
        </Link>
        {data.mine && (
          <div className="zl-works-actions">
            <Link
              to={`/personCenter/${data.kind === 'priced' ? 'newService' : 'newWordService'}?id=${data.id}`}
            >
              <Button>编辑</Button>
            </Link>
            <Popconfirm
              title="删除这项服务？"
              okText="删除"
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(data.id).then(() => navigate('/personCenter/serviceList'))}
            >
              <Button danger>删除</Button>
            </Popconfirm>
          </div>
        )}
      </div>
      <ServiceDetailView s={data} owner={data.supplier.name} />
    </div>
  );
}
