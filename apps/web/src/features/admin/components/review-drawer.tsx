import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import { useQuery } from '@tanstack/react-query';
import { type AdminFileRef, AUTH_STATUS, type AuthDetail, type AuthKind, authKindLabels } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Image from 'antd/es/image';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Timeline from 'antd/es/timeline';
import { authDetailQuery } from '../api/auth-detail.ts';
import { useAuthReview } from '../api/auth-review.ts';
import { cardtypeShort, fmtTime, StatusTag } from '../labels.tsx';
import { RejectModal } from './reject-modal.tsx';
import {
  authStatusItem,
  memberIdItems,
  ReviewDrawerShell,
  ReviewSection,
  useReviewDecision,
} from './review-decision.tsx';

const PERSON_LABELS: Record<string, string> = { realname: '真实姓名', idcard: '身份证号' };
const BUSINESS_LABELS: Record<string, string> = {
  btitle: '企业名称',
  taxorder: '统一社会信用代码',
  bstype: '企业类型',
  bdate: '成立日期',
  name: '联系人',
  mobile: '联系人手机',
  tlphone: '固定电话',
  bkname: '开户银行',
  bkorder: '银行账号',
  receipt: '发票类型',
  fultitle: '发票抬头',
};

function Doc({ title, file }: { title: string; file: AdminFileRef | undefined }) {
  if (!file) return null;
  const image = file.mime === null || file.mime.startsWith('image/');
  return (
    <div className="zl-doc">
      <div className="zl-doc-title">
        <span>{title}</span>
        <a href={file.url} target="_blank" rel="noreferrer">
          原图
        </a>
      </div>
      {image ? (
        <Image src={file.thumbUrl ?? file.url} alt={title} preview={{ src: file.url }} />
      ) : (
        <a className="zl-doc-file" href={file.url} target="_blank" rel="noreferrer">
          <Space orientation="vertical" align="center">
            <FilePdfOutlined style={{ fontSize: 40 }} />
            <span>打开 PDF 文件</span>
          </Space>
        </a>
      )}
    </div>
  );
}

function address(f: Record<string, string>, p: string) {
  return [f[`${p}prov`], f[`${p}city`], f[`${p}strt`], p === 'm' ? f.maddr : ''].filter(Boolean).join(' ');
}

function Body({ d }: { d: AuthDetail }) {
  const labels = d.kind === 'person' ? PERSON_LABELS : BUSINESS_LABELS;
  const items = Object.entries(labels)
    .filter(([k]) => d.fields[k] !== undefined && d.fields[k] !== '')
    .map(([k, label]) => ({
      key: k,
      label,
      children: (
        <span className={/idcard|taxorder|bkorder|mobile/.test(k) ? 'zl-admin-mono' : ''}>{d.fields[k]}</span>
      ),
    }));
  if (d.kind === 'business') {
    items.push({ key: 'baddr', label: '注册地址', children: <span>{address(d.fields, 'b') || '—'}</span> });
    if (address(d.fields, 'm'))
      items.push({ key: 'maddr', label: '邮寄地址', children: <span>{address(d.fields, 'm')}</span> });
  }
  const m = d.member;
  return (
    <div className="zl-review">
      <div className="zl-review-docs">
        <Image.PreviewGroup>
          <Doc title={d.kind === 'person' ? '身份证 人像面' : '法人身份证 人像面'} file={d.files.cardfrt} />
          <Doc title={d.kind === 'person' ? '身份证 国徽面' : '法人身份证 国徽面'} file={d.files.cardrvs} />
          <Doc title="营业执照" file={d.files.bcerts} />
        </Image.PreviewGroup>
      </div>
      <div className="zl-review-side">
        {d.checked !== AUTH_STATUS.PENDING && (
          <Alert
            type={d.checked === AUTH_STATUS.APPROVED ? 'success' : 'error'}
            showIcon
            title={d.checked === AUTH_STATUS.APPROVED ? '已通过' : `已驳回：${d.reason}`}
            description={`${d.reviewer ?? '—'} · ${fmtTime(d.reviewedAt)}`}
          />
        )}
        <ReviewSection title="提交的资料" items={items} />
        <ReviewSection
          title="会员信息"
          items={[
            ...memberIdItems(m),
            {
              key: 'type',
              label: '账号类型',
              children: `${cardtypeShort[m.cardtype] ?? m.cardtype} · ${m.nickname}`,
            },
            { key: 'reg', label: '注册时间', children: fmtTime(m.registered) },
            authStatusItem(m),
          ]}
        />
        <ReviewSection title={`历史提交（${d.history.length}）`}>
          {d.history.length === 0 ? (
            <div className="zl-admin-muted">首次提交</div>
          ) : (
            <Timeline
              items={d.history.map((h) => ({
                key: h.id,
                color:
                  h.checked === AUTH_STATUS.APPROVED
                    ? 'green'
                    : h.checked === AUTH_STATUS.REJECTED
                      ? 'red'
                      : 'orange',
                content: (
                  <div>
                    <Space size={6}>
                      <span className="zl-admin-mono">#{h.id}</span>
                      <StatusTag value={h.checked} />
                      <span className="zl-admin-muted">{fmtTime(h.submitted)}</span>
                    </Space>
                    {h.reason && <div>原因：{h.reason}</div>}
                    {h.reviewer && (
                      <div className="zl-admin-muted">
                        {h.reviewer} · {fmtTime(h.reviewedAt)}
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          )}
        </ReviewSection>
      </div>
    </div>
  );
}

/** The review view: documents side by side, the submitted data, the member and their history. */
export function ReviewDrawer(props: {
  kind: AuthKind;
  id: number | null;
  onClose: () => void;
  /** after a decision: the page moves on to the next pending submission */
  onDecided: (id: number) => void;
}) {
  const { kind, id } = props;
  const { data, isPending, error } = useQuery({ ...authDetailQuery(kind, id ?? 0), enabled: id !== null });
  const review = useAuthReview();
  const { rejecting, setRejecting, decide } = useReviewDecision({
    id,
    send: (id, approve, reason) => review.mutateAsync({ kind, id, approve, ...(reason ? { reason } : {}) }),
    successText: (approve) => (approve ? '已通过' : '已驳回'),
    onDecided: props.onDecided,
  });

  const pending = data?.checked === AUTH_STATUS.PENDING;
  return (
    <ReviewDrawerShell
      id={id}
      onClose={props.onClose}
      widths={[1320, 1100]}
      heading={
        <>
          <span>
            {authKindLabels[kind]}审核 <span className="zl-admin-mono">#{id}</span>
          </span>
          {data && <StatusTag value={data.checked} />}
          {data && (
            <span className="zl-admin-muted" style={{ fontWeight: 400 }}>
              提交于 {fmtTime(data.submitted)}
            </span>
          )}
        </>
      }
      extra={
        pending ? (
          <Space>
            <Button danger onClick={() => setRejecting(true)} disabled={review.isPending}>
              驳回
            </Button>
            <Button type="primary" loading={review.isPending && !rejecting} onClick={() => void decide(true)}>
              通过
            </Button>
          </Space>
        ) : null
      }
    >
      {id !== null && isPending && <Skeleton active paragraph={{ rows: 10 }} />}
      {error && <Alert type="error" showIcon title={error.message} />}
      {data && <Body d={data} />}
      <RejectModal
        open={rejecting}
        busy={review.isPending}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) => void decide(false, reason)}
      />
    </ReviewDrawerShell>
  );
}
