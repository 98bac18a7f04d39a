import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { CONTRACT_CHECK } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import { useNavigate } from 'react-router';
import { formatFen } from '../../../lib/money.ts';
import { contractPdfUrl } from '../api/contract.ts';
import { ContractSteps, useWinnerProject } from '../components/contract-project.tsx';
import '../delivery.css';

/** /signContract?id= 签订合同: the contract drafted from the award, to download, sign and upload. */
export default function SignContractPage() {
  const navigate = useNavigate();
  const project = useWinnerProject('只有中标供应商可以签订合同');
  if (project.instead) return project.instead;
  const { p } = project;
  const uploaded = p.contctck === CONTRACT_CHECK.PENDING || p.contctck === CONTRACT_CHECK.APPROVED;
  return (
    <div className="zl-dl-page">
      <section className="zl-panel">
        <h1>签订合同</h1>
        <ContractSteps current={uploaded ? 3 : 0} />
      </section>
      <section className="zl-panel">
        <h2>合同摘要</h2>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 't', label: '项目', span: 2, children: p.title },
            { key: 'o', label: '订单号', children: p.orders },
            { key: 'd', label: '展期', children: `${p.sdate} ~ ${p.edate}` },
            {
              key: 'v',
              label: '展馆',
              span: 2,
              children: [p.prov, p.city, p.strt, p.addr].filter(Boolean).join(' ') || '—',
            },
            { key: 'q', label: '合同总价', children: p.myQuote ? formatFen(p.myQuote.total) : '—' },
            { key: 'p', label: '预付款', children: p.prepay > 0 ? formatFen(p.prepay) : '无' },
            { key: 'c', label: '客户电话', children: p.mobile || '—' },
          ]}
        />
        <Alert
          className="zl-dl-contract"
          type="info"
          showIcon
          title="合同由平台根据中标报价生成：含双方信息、项目与展期、报价明细、总价、预付款与验收条款。下载后打印，签字盖章并与客户确认，再拍照或扫描上传。"
        />
        {p.contctck === CONTRACT_CHECK.REJECTED && (
          <Alert type="error" showIcon title={`参展商驳回了合同：${p.reason || '—'}`} />
        )}
        <div className="zl-dl-actions">
          <a href={contractPdfUrl(p.id)} download>
            <Button icon={<DownloadOutlined />} size="large">
              下载合同
            </Button>
          </a>
          <Button
            type="primary"
            size="large"
            disabled={uploaded}
            onClick={() => navigate(`/uploadContract?id=${p.id}`)}
          >
            {uploaded
              ? p.contctck === CONTRACT_CHECK.APPROVED
                ? '合同已审核通过'
                : '合同已上传，待审核'
              : '已签好，去上传合同'}
          </Button>
        </div>
      </section>
    </div>
  );
}
