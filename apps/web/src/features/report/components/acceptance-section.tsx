import { useQuery } from '@tanstack/react-query';
import {
  PROJECT_STATUS,
  REPORT_CHECK,
  REPORT_REASON_MAX,
  REPORT_REASON_MIN,
  type ReportLineView,
  stageKindLabels,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { useState } from 'react';
import { Link } from 'react-router';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { formatFen } from '../../../lib/money.ts';
import { usePayPlan } from '../../../lib/pay-plan.ts';
import { formatTime } from '../../../lib/time.ts';
import { reportInfoQuery, useReportReview } from '../api/report.ts';
import { AcceptedSummary, ReportChecklist, ReportOverview } from './report-checklist.tsx';

interface Decision {
  ok?: boolean;
  reason: string;
}

function reasonProblem(d: Decision | undefined): string | null {
  if (d?.ok !== false) return null;
  const n = d.reason.trim().length;
  if (n < REPORT_REASON_MIN) return `请填写整改原因（至少 ${REPORT_REASON_MIN} 个字）`;
  if (n > REPORT_REASON_MAX) return `整改原因最多 ${REPORT_REASON_MAX} 个字`;
  return null;
}

/** Where the customer pays what is unpaid: 付款计划 on the same page. */
const stagesHref = (projectId: number) => `/customer/project?id=${projectId}#stages`;

/** The server's link of a refusal (`data.href`, e.g. 付款计划), if it is one within the app. */
function hrefOf(err: unknown): string | null {
  const href = isBizError(err) ? (err.data as { href?: unknown } | null)?.href : undefined;
  return typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') ? href : null;
}

/**
 * 验收 on the customer's project page (docs/delivery-report.md): the completion report as a
 * checklist; each line awaiting a decision gets 通过 / 有问题 (with a reason); 全部通过并验收
 * releases the escrow, 提交整改意见 sends the flagged lines back for rework. Every stage of the
 * payment plan must be paid first (docs/staged-escrow.md): while one is not, it says so and
 * 全部通过并验收 waits; the server's refusal (「尾款未支付…」) is shown with its link.
 */
export function AcceptanceSection({ projectId, status }: { projectId: number; status: number }) {
  const shown = status >= PROJECT_STATUS.BUILDING && status <= PROJECT_STATUS.DONE;
  const { data: info, isPending, error } = useQuery(reportInfoQuery(projectId, shown));
  const review = useReportReview();
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ text: string; href: string | null } | null>(null);
  const { data: plan } = usePayPlan(projectId, shown);
  const [confirming, setConfirming] = useState(false);

  if (!shown) return null;
  if (isPending) return <Skeleton active className="zl-panel" />;
  if (error || !info) return null;

  const awaiting = info.status === PROJECT_STATUS.ACCEPTING && info.reportck === REPORT_CHECK.PENDING;
  const open = info.lines.filter((l) => l.state !== 'ok');
  const set = (line: string, d: Partial<Decision>) =>
    setDecisions((all) => ({ ...all, [line]: { reason: '', ...all[line], ...d } }));
  const undecided = open.filter((l) => decisions[l.line]?.ok === undefined);
  const flagged = open.filter((l) => decisions[l.line]?.ok === false);
  const bad = open.filter((l) => reasonProblem(decisions[l.line]));
  const unpaid = plan?.stages.filter((s) => s.status === 'due') ?? [];
  const unpaidText = unpaid.length
    ? `${[...new Set(unpaid.map((s) => stageKindLabels[s.kind]))].join('、')}未支付（${formatFen(
        unpaid.reduce((t, s) => t + s.amount, 0),
      )}）：请先在付款计划中支付，再验收`
    : null;
  // what the acceptance releases now: the held stages but a retention (held until its term ends)
  const held = plan?.stages.filter((s) => s.status === 'paid') ?? [];
  const releasedNow = plan
    ? held.filter((s) => s.kind !== 'retention').reduce((t, s) => t + s.amount, 0)
    : info.prepayp;
  const retention = held.find((s) => s.kind === 'retention');

  const submit = (approve: boolean) => {
    setServerError(null);
    review.mutate(
      {
        id: projectId,
        approve,
        lines: open.map((l) => ({
          line: l.line,
          ok: decisions[l.line]?.ok === true,
          ...(decisions[l.line]?.ok === false ? { reason: decisions[l.line]!.reason.trim() } : {}),
        })),
      },
      {
        onSuccess: (r) => {
          setDecisions({});
          setTried(false);
          withFeedback((f) =>
            f.message.success(
              approve
                ? `验收完成，托管款 ${formatFen(r.released)} 已结算给供应商`
                : '整改意见已提交，等待供应商重新提交',
            ),
          );
        },
        onError: (err) => {
          if (
            isBizError(err) &&
            (err.code === 'VALIDATION_FAILED' ||
              err.code === 'ACCEPTANCE_FROZEN' ||
              err.code === 'INVALID_STATE')
          ) {
            setServerError({ text: err.message, href: hrefOf(err) });
          } else handleError(err);
        },
      },
    );
  };

  const approve = () => {
    setTried(true);
    if (undecided.length || flagged.length) return;
    setConfirming(true);
  };
  const rework = () => {
    setTried(true);
    if (undecided.length || !flagged.length || bad.length) return;
    submit(false);
  };

  const decision = (l: ReportLineView) => {
    if (!awaiting || l.state === 'ok') return null;
    const d = decisions[l.line];
    const problem = tried ? (d?.ok === undefined ? '请选择通过或有问题' : reasonProblem(d)) : null;
    return (
      <div className="zl-rp-decide">
        <Radio.Group
          value={d?.ok === undefined ? undefined : d.ok ? 'ok' : 'flag'}
          onChange={(e) => set(l.line, { ok: e.target.value === 'ok' })}
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'ok', label: '通过' },
            { value: 'flag', label: '有问题' },
          ]}
          aria-label={`${l.name} 验收`}
        />
        {d?.ok === false && (
          <Input.TextArea
            value={d.reason}
            onChange={(e) => set(l.line, { reason: e.target.value })}
            maxLength={REPORT_REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder="请写明问题和整改要求"
            aria-label={`${l.name} 整改原因`}
          />
        )}
        {problem && (
          <div className="zl-rp-error" role="alert">
            {problem}
          </div>
        )}
      </div>
    );
  };

  // no report yet: worth a word only while the supplier is building
  if (info.round === 0 && info.status !== PROJECT_STATUS.BUILDING) return null;
  return (
    <div className="zl-panel zl-rp-section" id="acceptance">
      <div className="zl-rp-head">
        <h2>验收</h2>
        {awaiting && info.autoAcceptAt && (
          <span className="zl-rp-muted">未处理将于 {formatTime(info.autoAcceptAt)} 自动验收</span>
        )}
      </div>
      {info.round === 0 ? (
        <Alert type="info" showIcon title="供应商施工中，完工报告提交后可在此逐项验收" />
      ) : (
        <>
          {info.status === PROJECT_STATUS.DONE && <AcceptedSummary info={info} />}
          {info.status === PROJECT_STATUS.BUILDING && info.reportck === REPORT_CHECK.REWORK && (
            <Alert type="warning" showIcon title="已退回整改，等待供应商重新提交需整改的项" />
          )}
          {awaiting && info.complaintOpen && (
            <Alert type="warning" showIcon title="该项目有未处理的投诉，托管款已冻结，暂不能验收" />
          )}
          {awaiting && unpaidText && (
            <Alert
              type="warning"
              showIcon
              title={unpaidText}
              action={<Link to={stagesHref(projectId)}>去支付</Link>}
            />
          )}
          {awaiting && (
            <Alert
              type="info"
              showIcon
              className="zl-rp-tip"
              title="请逐项核对：全部通过后验收，托管款释放给供应商；有问题的项填写原因后提交整改意见，供应商只需整改这些项。"
            />
          )}
          <ReportOverview info={info} />
          <ReportChecklist info={info} decision={decision} />
          {awaiting && (
            <div className="zl-rp-actions">
              {serverError && (
                <Alert
                  type="error"
                  showIcon
                  title={serverError.text}
                  action={serverError.href ? <Link to={serverError.href}>去支付</Link> : undefined}
                />
              )}
              <Space wrap>
                <Button
                  onClick={() =>
                    setDecisions(Object.fromEntries(open.map((l) => [l.line, { ok: true, reason: '' }])))
                  }
                >
                  全部标为通过
                </Button>
                <Button
                  type="primary"
                  onClick={approve}
                  loading={review.isPending}
                  disabled={info.complaintOpen || flagged.length > 0 || unpaid.length > 0}
                >
                  全部通过并验收
                </Button>
                <Button danger onClick={rework} loading={review.isPending} disabled={flagged.length === 0}>
                  提交整改意见
                </Button>
              </Space>
              {info.reportdate && (
                <span className="zl-rp-muted">报告提交于 {formatTime(info.reportdate)}</span>
              )}
            </div>
          )}
        </>
      )}
      <Modal
        open={confirming}
        title="确认全部通过并验收？"
        okText="确认验收"
        cancelText="再看看"
        onOk={() => {
          setConfirming(false);
          submit(true);
        }}
        onCancel={() => setConfirming(false)}
      >
        {`验收后项目完成，托管中的 ${formatFen(releasedNow)} 将扣除平台佣金后结算给供应商${
          retention ? `，质保金 ${formatFen(retention.amount)} 在撤展后质保期满时结算` : ''
        }。此操作不可撤回。`}
      </Modal>
    </div>
  );
}
