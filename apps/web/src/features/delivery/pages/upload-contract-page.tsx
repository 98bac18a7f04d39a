import { CONTRACT_CHECK, CONTRACT_MAX_FILES, PROJECT_STATUS } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FileUploadList } from '../../../components/upload/file-upload-list.tsx';
import { fieldErrorsOf, isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { contractFiles, useUploadContract } from '../api/contract.ts';
import { ContractFiles } from '../components/contract-files.tsx';
import { ContractSteps, useWinnerProject } from '../components/contract-project.tsx';
import '../delivery.css';

/** /uploadContract?id= 上传合同: 1–10 photos/scans/PDFs of the signed contract (Projectcenter/fUpdateContract). */
export default function UploadContractPage() {
  const navigate = useNavigate();
  const project = useWinnerProject('只有中标供应商可以上传合同');
  const upload = useUploadContract();
  const [files, setFiles] = useState<string[]>([]);
  // 「请至少上传 1 个合同文件」 holds only while there is none: it goes as soon as a file is there
  const [askedEmpty, setAskedEmpty] = useState(false);
  const [problem, setProblem] = useState('');
  if (project.instead) return project.instead;
  const { id, p } = project;
  const open =
    p.status === PROJECT_STATUS.AWARDED ||
    (p.status === PROJECT_STATUS.SIGNING && p.contctck === CONTRACT_CHECK.REJECTED);
  const shown = askedEmpty && files.length === 0 ? '请至少上传 1 个合同文件' : problem;

  async function submit() {
    setProblem('');
    setAskedEmpty(files.length === 0);
    if (files.length === 0) return;
    try {
      await upload.mutateAsync({ id, files });
      withFeedback((f) => f.message.success('合同已上传，等待参展商审核'));
      navigate(`/orderDetail?id=${id}`);
    } catch (e) {
      setProblem(fieldErrorsOf(e)?.files ?? (isBizError(e) ? e.message : '上传失败，请重试'));
    }
  }

  return (
    <div className="zl-dl-page">
      <section className="zl-panel">
        <h1>上传合同</h1>
        <ContractSteps current={open ? 2 : 3} />
      </section>
      <section className="zl-panel">
        <h2>{p.title}</h2>
        <p className="zl-dl-muted">订单号 {p.orders}</p>
        {p.contctck === CONTRACT_CHECK.REJECTED && (
          <Alert
            type="error"
            showIcon
            title={`参展商驳回了合同：${p.reason || '—'}`}
            description="请按意见修改后重新上传"
          />
        )}
        {!open ? (
          <>
            <Alert
              type={p.contctck === CONTRACT_CHECK.APPROVED ? 'success' : 'info'}
              showIcon
              title={p.contctck === CONTRACT_CHECK.APPROVED ? '合同已审核通过' : '合同已上传，等待参展商审核'}
            />
            <div className="zl-dl-contract">
              已上传：
              <ContractFiles ids={contractFiles(p.contract ?? '[]')} />
            </div>
          </>
        ) : (
          <>
            <p className="zl-dl-muted">
              上传签字盖章后的合同照片、扫描件或 PDF，1–{CONTRACT_MAX_FILES} 个文件，每页一张。
            </p>
            <FileUploadList
              className="zl-dl-files"
              purpose="contract"
              max={CONTRACT_MAX_FILES}
              label="合同页"
              value={files}
              onChange={(next) => {
                setFiles(next);
                setProblem('');
              }}
            />
            {shown && (
              <div className="zl-dl-error" role="alert">
                {shown}
              </div>
            )}
            <div className="zl-dl-actions">
              <Link to={`/signContract?id=${p.id}`}>
                <Button size="large">返回下载合同</Button>
              </Link>
              <Button type="primary" size="large" loading={upload.isPending} onClick={() => void submit()}>
                提交合同（{files.length} 个文件）
              </Button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
