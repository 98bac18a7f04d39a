import type { ServiceKind } from '@zl/shared';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ServiceForm } from '../components/service-form.tsx';
import { idParam, SupplierOnly } from '../components/supplier-only.tsx';
import '../works.css';
import { useServiceInfo } from '../api/services.ts';

function ServiceEditor({ kind, heading }: { kind: ServiceKind; heading: string }) {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const { data, isLoading } = useServiceInfo(id);
  if (id > 0 && isLoading) return <Skeleton active />;
  if (id > 0 && (!data || !data.mine || data.kind !== kind))
    return (
      <Result
        status="404"
        title="服务不存在"
        extra={<Link to="/personCenter/serviceList">返回我的服务</Link>}
      />
    );
  return (
    <div className="zl-works-page">
      <div className="zl-works-head">
        <h2>{id > 0 ? '修改服务' : heading}</h2>
        <Link to="/personCenter/serviceList">返回我的服务</Link>
      </div>
      <p className="zl-works-muted">
        {kind === 'priced'
          ? '报价服务：写明价格与计价单位，配上服务图片。'
          : '图文服务：用文字介绍服务流程或能力，空一行分段，可配图。'}
        发布后展示在您的企业展示页。
      </p>
      <ServiceForm
        key={data?.updated ?? 'new'}
        kind={kind}
        service={id > 0 ? data : undefined}
        onSaved={(s) => navigate(`/personCenter/serviceDetail?id=${s.id}`)}
      />
    </div>
  );
}

/** newService / newWordService (create, or edit with `?id=`): docs/works.md. */
export function ServiceEditPage({ kind, heading }: { kind: ServiceKind; heading: string }) {
  return (
    <SupplierOnly>
      <ServiceEditor kind={kind} heading={heading} />
    </SupplierOnly>
  );
}
