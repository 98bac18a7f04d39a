import { useQuery } from '@tanstack/react-query';
import { PROJECT_STATUS, REPORT_CHECK } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { Link } from 'react-router';
import { reportInfoQuery } from '../api/report.ts';
import { AcceptedSummary, ReportChecklist, ReportOverview } from './report-checklist.tsx';

/**
 * The winner's view of the completion report on /orderDetail: the checklist's state with the
 * customer's reasons, the way to /uploadReport while building, 已验收 and the amounts after.
 * Renders nothing for anyone but the winner (reportInfo answers NOT_FOUND).
 */
export function SupplierReportCard({ projectId, status }: { projectId: number; status: number }) {
  const shown = status >= PROJECT_STATUS.BUILDING && status <= PROJECT_STATUS.DONE;
  const { data: info } = useQuery(reportInfoQuery(projectId, shown));
  if (!shown || !info || info.role !== 'supplier') return null;
  const rework = info.status === PROJECT_STATUS.BUILDING && info.reportck === REPORT_CHECK.REWORK;
  return (
    <section className="zl-panel zl-rp-section" id="report">
      <div className="zl-rp-head">
        <h2>完工报告（验收清单）</h2>
        {info.status === PROJECT_STATUS.BUILDING && (
          <Link to={`/uploadReport?id=${projectId}`}>
            <Button type="primary">{rework ? '重新提交整改项' : '提交完工报告'}</Button>
          </Link>
        )}
      </div>
      {info.round === 0 && (
        <Alert type="info" showIcon title="完工后请逐项上传照片，提交完工报告供参展商验收" />
      )}
      {rework && (
        <Alert type="warning" showIcon title="参展商退回整改：请按下方整改意见处理后重新提交需整改的项" />
      )}
      {info.status === PROJECT_STATUS.ACCEPTING && (
        <Alert type="info" showIcon title="完工报告已提交，等待参展商验收" />
      )}
      {info.status === PROJECT_STATUS.DONE && <AcceptedSummary info={info} />}
      {info.round > 0 && (
        <>
          <ReportOverview info={info} />
          <ReportChecklist info={info} />
        </>
      )}
    </section>
  );
}
