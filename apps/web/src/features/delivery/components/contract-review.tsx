import type { ProjectDetail } from '@zl/shared';
import { CONTRACT_CHECK, PROJECT_STATUS } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import { useState } from 'react';
import { fieldErrorsOf, isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { contractFiles, contractPdfUrl, useReviewContract } from '../api/contract.ts';
import { ContractFiles } from './contract-files.tsx';

/** 合同审核 on the customer's project page: view the signed contract, 通过 or 驳回 with a reason. */
export function ContractReview({ project: p }: { project: ProjectDetail }) {
  const review = useReviewContract();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  if (p.status < PROJECT_STATUS.AWARDED || p.status === PROJECT_STATUS.CLOSED) return null;
  const files = contractFiles(p.contract);

  async function decide(approve: boolean) {
    setError('');
    try {
      await review.mutateAsync(
        approve ? { id: p.id, approve } : { id: p.id, approve, reason: reason.trim() },
      );
      withFeedback((f) => f.message.success(approve ? '合同已审核通过' : '已驳回，等待供应商重新上传'));
      setRejecting(false);
      setReason('');
    } catch (e) {
      const text = fieldErrorsOf(e)?.reason ?? (isBizError(e) ? e.message : '操作失败，请重试');
      if (rejecting) setError(text);
      else withFeedback((f) => f.message.error(text));
    }
  }

  return (
    <section className="zl-dl-contract" id="contract" data-testid="contract-review">
      <h3 className="zl-cust-h3">合同</h3>
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          平台合同草稿：
          <a href={contractPdfUrl(p.id)} download>
            下载合同 PDF
          </a>
        </div>
        {p.status === PROJECT_STATUS.AWARDED && (
          <span className="zl-dl-muted">等待中标供应商签订并上传合同</span>
        )}
        {p.status >= PROJECT_STATUS.SIGNING && (
          <div>
            已上传的合同：
            <ContractFiles ids={files} />
          </div>
        )}
        {p.status === PROJECT_STATUS.SIGNING && p.contctck === CONTRACT_CHECK.PENDING && (
          <Alert
            type="warning"
            showIcon
            title="供应商已上传签订的合同，请核对后审核"
            description={`上传时间 ${p.contctckdt || '—'}`}
            action={
              <Space>
                <Button type="primary" loading={review.isPending} onClick={() => void decide(true)}>
                  通过
                </Button>
                <Button danger onClick={() => setRejecting(true)}>
                  驳回
                </Button>
              </Space>
            }
          />
        )}
        {p.status === PROJECT_STATUS.SIGNING && p.contctck === CONTRACT_CHECK.REJECTED && (
          <Alert
            type="error"
            showIcon
            title={`已驳回：${p.reason || '—'}`}
            description="等待供应商重新上传合同"
          />
        )}
        {p.contctck === CONTRACT_CHECK.APPROVED && (
          <Alert type="success" showIcon title={`合同已审核通过（${p.contctckdt}）`} />
        )}
      </Space>
      <Modal
        open={rejecting}
        title="驳回合同"
        okText="确认驳回"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        confirmLoading={review.isPending}
        onOk={() => void decide(false)}
        onCancel={() => setRejecting(false)}
      >
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="请说明驳回原因（2–200 字），如：缺少盖章、金额与报价不符"
          aria-label="驳回原因"
        />
        {error && <div className="zl-dl-error">{error}</div>}
      </Modal>
    </section>
  );
}
