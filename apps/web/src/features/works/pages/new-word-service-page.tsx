import { ServiceEditPage } from './service-edit.tsx';

/** /personCenter/newWordService 发布图文服务 (text-only; `?id=` edits one). */
export default function NewWordServicePage() {
  return <ServiceEditPage kind="text" heading="发布图文服务" />;
}
