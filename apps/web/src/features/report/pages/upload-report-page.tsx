import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useQuery } from '@tanstack/react-query';
import {
  PROJECT_STATUS,
  REPORT_CHECK,
  REPORT_FILES_MAX,
  REPORT_LINE_PHOTOS_MAX,
  REPORT_NOTE_MAX,
  REPORT_REMARK_MAX,
  REPORT_WORKPIC_MAX,
  type ReportInfo,
  type ReportLineView,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportInfoQuery, useUpdateReports } from '../api/report.ts';
import { PhotoList } from '../components/photo-list.tsx';
import { groupLines, LineHead, LineStateTag, Photos } from '../components/report-checklist.tsx';
import '../report.css';

interface Values {
  workpic: string[];
  reports: string[];
  remark: string;
  lines: Record<string, { photos: string[]; note: string }>;
}

/** Which lines this round carries: every line the first time, the flagged ones after a rework. */
function editableLines(info: ReportInfo): ReportLineView[] {
  return info.reportck === REPORT_CHECK.REWORK ? info.lines.filter((l) => l.state === 'flagged') : info.lines;
}

function initialValues(info: ReportInfo): Values {
  return {
    workpic: info.workpic.map((f) => f.id),
    reports: info.reports.map((f) => f.id),
    remark: info.remark,
    lines: Object.fromEntries(
      info.lines.map((l) => [
        l.line,
        { photos: l.state === 'flagged' ? [] : l.photos.map((f) => f.id), note: l.note },
      ]),
    ),
  };
}

/** `lines.3.photos.0` (an index into what was sent) → the form's name path. */
function formName(field: string, sent: string[]): (string | number)[] | null {
  const parts = field.split('.');
  if (parts[0] === 'lines' && parts.length >= 3) {
    const key = sent[Number(parts[1])];
    if (!key) return null;
    return ['lines', key, parts[2] === 'line' ? 'photos' : parts[2]!];
  }
  if (parts[0] === 'workpic' || parts[0] === 'reports' || parts[0] === 'remark') return [parts[0]];
  return null;
}

/**
 * /uploadReport?id= 上传完工报告 (Projectcenter/fUpdateReports, docs/delivery-report.md): the overall
 * photos, files and remark, then one card per priced line of the winning quote with its own
 * photos and note. After a rework only the flagged lines are editable; ticked ones show 已验收.
 */
export default function UploadReportPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const { data: info, isPending, error } = useQuery(reportInfoQuery(id));
  const save = useUpdateReports();
  const [form] = Form.useForm<Values>();
  const initial = useMemo(() => (info ? initialValues(info) : undefined), [info]);

  if (
    !id ||
    (error && isBizError(error) && error.code !== 'NOT_LOGGED_IN') ||
    (info && info.role !== 'supplier')
  ) {
    return (
      <Result
        status="404"
        title="项目不存在或您不是中标供应商"
        extra={
          <Link to="/personCenter/projectList">
            <Button type="primary">返回我的项目</Button>
          </Link>
        }
      />
    );
  }
  if (error) {
    handleError(error);
    return null;
  }
  if (isPending || !info || !initial)
    return <Skeleton active paragraph={{ rows: 12 }} className="zl-panel" />;

  const canSubmit = info.status === PROJECT_STATUS.BUILDING;
  const rework = info.reportck === REPORT_CHECK.REWORK;
  const editable = new Set(editableLines(info).map((l) => l.line));

  const submit = (v: Values) => {
    const sent = info.lines.filter((l) => editable.has(l.line)).map((l) => l.line);
    save.mutate(
      {
        id,
        workpic: v.workpic ?? [],
        reports: v.reports ?? [],
        remark: v.remark ?? '',
        lines: sent.map((line) => ({
          line,
          photos: v.lines?.[line]?.photos ?? [],
          note: v.lines?.[line]?.note ?? '',
        })),
      },
      {
        onSuccess: () => {
          withFeedback((f) => f.message.success('完工报告已提交，等待参展商验收'));
          navigate(`/orderDetail?id=${id}`);
        },
        onError: (err) => {
          const fields = isBizError(err)
            ? (err.data as { fields?: Record<string, string> } | null)?.fields
            : null;
          if (fields) {
            const list = Object.entries(fields)
              .map(([name, msg]) => ({ name: formName(name, sent), errors: [msg] }))
              .filter((f): f is { name: (string | number)[]; errors: string[] } => f.name !== null);
            if (list.length) form.setFields(list as Parameters<typeof form.setFields>[0]);
          }
          handleError(err);
        },
      },
    );
  };

  return (
    <div className="zl-rp-page">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(`/orderDetail?id=${id}`)}>
        返回项目
      </Button>
      <div className="zl-panel">
        <div className="zl-rp-head">
          <h1>{rework ? '重新提交整改项' : '上传完工报告'}</h1>
          <span className="zl-rp-muted">
            {info.title} · {info.orders}
          </span>
        </div>
        {!canSubmit && (
          <Alert
            type="info"
            showIcon
            title={
              info.status === PROJECT_STATUS.ACCEPTING
                ? '完工报告已提交，等待参展商验收'
                : info.status === PROJECT_STATUS.DONE
                  ? '项目已验收'
                  : '项目进入施工阶段后才能提交完工报告'
            }
          />
        )}
        {rework && canSubmit && (
          <Alert
            type="warning"
            showIcon
            title="参展商退回整改：只需重新提交标为「需整改」的项，已验收的项保持不变。"
          />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={submit}
          disabled={!canSubmit || save.isPending}
          className="zl-rp-form"
          scrollToFirstError
        >
          <h3>整体完工照片</h3>
          <Form.Item
            name="workpic"
            rules={[{ type: 'array', min: 1, message: '请至少上传 1 张完工照片' }]}
            extra={`展台整体效果，1–${REPORT_WORKPIC_MAX} 张`}
          >
            <PhotoList max={REPORT_WORKPIC_MAX} label="完工照片" known={info.workpic} />
          </Form.Item>
          <Form.Item
            name="reports"
            label="报告文件（可选）"
            extra={`验收单、检测报告等，图片或 PDF，最多 ${REPORT_FILES_MAX} 个`}
          >
            <PhotoList max={REPORT_FILES_MAX} label="报告文件" known={info.reports} />
          </Form.Item>
          <TextAreaItem
            name="remark"
            label="完工说明"
            rows={3}
            maxLength={REPORT_REMARK_MAX}
            placeholder="施工完成情况、需要参展商注意的事项"
          />
          <h3>验收清单（按中标报价逐项上传）</h3>
          {groupLines(info.lines).map((g) => (
            <div key={g.key} className="zl-rp-group">
              <h4>{g.name}</h4>
              {g.lines.map((l) =>
                editable.has(l.line) ? (
                  <div key={l.line} className={`zl-rp-line zl-rp-${l.state}`} data-line={l.line}>
                    <LineHead line={l} extra={rework ? <LineStateTag line={l} /> : null} />
                    {l.state === 'flagged' && l.reason && (
                      <Alert type="error" showIcon title={`整改意见：${l.reason}`} className="zl-rp-reason" />
                    )}
                    <Form.Item
                      name={['lines', l.line, 'photos']}
                      rules={[{ type: 'array', min: 1, message: '请至少上传 1 张该项的照片' }]}
                      extra={`1–${REPORT_LINE_PHOTOS_MAX} 张`}
                    >
                      <PhotoList max={REPORT_LINE_PHOTOS_MAX} label="照片" />
                    </Form.Item>
                    <TextAreaItem
                      name={['lines', l.line, 'note']}
                      rows={2}
                      maxLength={REPORT_NOTE_MAX}
                      placeholder="说明（可选）：材料、尺寸、与报价的差异等"
                      aria-label={`${l.name} 说明`}
                    />
                  </div>
                ) : (
                  <div key={l.line} className="zl-rp-line zl-rp-ok zl-rp-readonly" data-line={l.line}>
                    <LineHead line={l} extra={<Tag color="success">已验收</Tag>} />
                    <Photos files={l.photos} alt={l.name} />
                    {l.note && <p className="zl-rp-note">说明：{l.note}</p>}
                  </div>
                ),
              )}
            </div>
          ))}
          {canSubmit && (
            <div className="zl-rp-actions">
              <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
                {rework ? '提交整改' : '提交完工报告'}
              </Button>
            </div>
          )}
        </Form>
      </div>
    </div>
  );
}
