import FileOutlined from '@ant-design/icons/FileOutlined';
import { fileUrl } from '@zl/shared';
import Space from 'antd/es/space';

/** The uploaded contract files as links (the customer and the winner may read them). */
export function ContractFiles({ ids }: { ids: string[] }) {
  if (ids.length === 0) return <span className="zl-dl-muted">暂无</span>;
  return (
    <Space wrap>
      {ids.map((id, i) => (
        <a key={id} href={fileUrl(id)} target="_blank" rel="noreferrer" className="zl-dl-file">
          <FileOutlined /> 合同文件 {i + 1}
        </a>
      ))}
    </Space>
  );
}
