import { ServiceEditPage } from './service-edit.tsx';

/** /personCenter/newService 发布服务 (priced; `?id=` edits one). */
export default function NewServicePage() {
  return <ServiceEditPage kind="priced" heading="发布服务" />;
}
