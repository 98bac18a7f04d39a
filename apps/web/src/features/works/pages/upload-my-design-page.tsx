import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DesignCard } from '../components/design-card.tsx';
import { DesignForm } from '../components/design-form.tsx';
import { SupplierOnly } from '../components/supplier-only.tsx';
import '../works.css';
import { useDeleteDesign, useDesignList } from '../api/designs.ts';

function MyDesigns() {
  const { data, isLoading } = useDesignList();
  const remove = useDeleteDesign();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  if (isLoading) return <Skeleton active />;
  const total = data?.total ?? 0;
  const max = data?.max ?? 0;
  const full = total >= max && max > 0;
  return (
    <div className="zl-works-page">
      <div className="zl-works-head">
        <h2>
          设计作品 <small>{data ? `${total} / ${max}` : ''}</small>
        </h2>
        {!adding && (
          <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setAdding(true)}>
            上传设计作品
          </Button>
        )}
      </div>
      <p className="zl-works-muted">
        设计作品展示在您的企业展示页，任何人都可以查看。{full ? '已达数量上限，请先删除不需要的作品。' : ''}
      </p>
      {adding && (
        <section className="zl-works-new">
          <h3>上传设计作品</h3>
          <DesignForm onSaved={() => setAdding(false)} />
          <Button type="link" onClick={() => setAdding(false)}>
            取消
          </Button>
        </section>
      )}
      {data && data.listItem.length > 0 ? (
        <div className="zl-works-grid">
          {data.listItem.map((d) => (
            <DesignCard
              key={d.id}
              d={d}
              onOpen={() => navigate(`/personCenter/editMyDesign?id=${d.id}`)}
              actions={
                <>
                  <Link to={`/personCenter/editMyDesign?id=${d.id}`}>编辑</Link>
                  <Popconfirm
                    title="删除这个设计作品？"
                    description="删除后不能恢复"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => remove.mutateAsync(d.id)}
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
        !adding && <Empty description="还没有设计作品，上传第一个作品吧" />
      )}
    </div>
  );
}

/** /personCenter/uploadMyDesign 设计作品 (docs/works.md): the supplier's designs and the upload form. */
export default function UploadMyDesignPage() {
  return (
    <SupplierOnly>
      <MyDesigns />
    </SupplierOnly>
  );
}
