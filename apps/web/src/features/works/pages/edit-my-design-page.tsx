import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DesignForm } from '../components/design-form.tsx';
import { idParam, SupplierOnly } from '../components/supplier-only.tsx';
import '../works.css';
import { useDesignInfo } from '../api/designs.ts';

function EditDesign() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const { data, isLoading } = useDesignInfo(id);
  if (isLoading) return <Skeleton active />;
  if (!data || !data.mine)
    return (
      <Result
        status="404"
        title="设计作品不存在"
        extra={<Link to="/personCenter/uploadMyDesign">返回设计作品</Link>}
      />
    );
  return (
    <div className="zl-works-page">
      <div className="zl-works-head">
        <h2>编辑设计作品</h2>
        <Link to="/personCenter/uploadMyDesign">返回设计作品</Link>
      </div>
      <DesignForm key={data.updated} design={data} onSaved={() => navigate('/personCenter/uploadMyDesign')} />
    </div>
  );
}

/** /personCenter/editMyDesign?id= 编辑设计作品: one of the supplier's own designs. */
export default function EditMyDesignPage() {
  return (
    <SupplierOnly>
      <EditDesign />
    </SupplierOnly>
  );
}
