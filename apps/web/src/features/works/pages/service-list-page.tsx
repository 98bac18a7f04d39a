import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate } from 'react-router';
import { ServiceCard } from '../components/service-card.tsx';
import { SupplierOnly } from '../components/supplier-only.tsx';
import '../works.css';
import { useDeleteService, useServiceList } from '../api/services.ts';

const editPath = (kind: 'priced' | 'text', id: number) =>
  `/personCenter/${kind === 'priced' ? 'newService' : 'newWordService'}?id=${id}`;

function MyServices() {
  const { data, isLoading } = useServiceList();
  const remove = useDeleteService();
  const navigate = useNavigate();
  if (isLoading) return <Skeleton active />;
  const full = !!data && data.total >= data.max;
  return (
    <div className="zl-works-page">
      <div className="zl-works-head">
        <h2>
          我的服务 <small>{data ? `${data.total} / ${data.max}` : ''}</small>
        </h2>
        <div className="zl-works-actions">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={full}
            onClick={() => navigate('/personCenter/newService')}
          >
            发布服务
          </Button>
          <Button
            icon={<FileTextOutlined />}
            disabled={full}
            onClick={() => navigate('/personCenter/newWordService')}
          >
            发布图文服务
          </Button>
        </div>
      </div>
      <p className="zl-works-muted">
        服务展示在您的企业展示页，任何人都可以查看。{full ? '已达数量上限，请先删除不需要的服务。' : ''}
      </p>
      {data && data.listItem.length > 0 ? (
        <div className="zl-works-grid">
          {data.listItem.map((s) => (
            <ServiceCard
              key={s.id}
              s={s}
              onOpen={() => navigate(`/personCenter/serviceDetail?id=${s.id}`)}
              actions={
                <>
                  <Link to={`/personCenter/serviceDetail?id=${s.id}`}>查看</Link>
                  <Link to={editPath(s.kind, s.id)}>编辑</Link>
                  <Popconfirm
                    title="删除这项服务？"
                    description="删除后不能恢复"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => remove.mutateAsync(s.id)}
                  >
                    <Button type="link" danger size="small">
                      删除
                    </Button>
                  </Popconfirm>
                </>
              }
            />
          ))}
        </div>
      ) : (
        <Empty description="还没有发布服务" />
      )}
    </div>
  );
}

/** /personCenter/serviceList 我的服务 (docs/works.md): priced and text services with edit and delete. */
export default function ServiceListPage() {
  return (
    <SupplierOnly>
      <MyServices />
    </SupplierOnly>
  );
}
