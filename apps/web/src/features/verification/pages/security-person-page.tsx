import { AUTH_STATUS, maskIdCard } from '@zl/shared';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useSearchParams } from 'react-router';
import {
  ApprovedSummary,
  AuthTag,
  maskName,
  maskTail,
  PendingNotice,
  RejectedNotice,
  toAuthStatus,
} from '../../../components/account/auth-status.tsx';
import { useUserInfo } from '../../../lib/user-info.ts';
import { useBusinessAuthInfo } from '../api/business-auth.ts';
import { usePersonAuthInfo } from '../api/person-auth.ts';
import { BusinessAuthForm } from '../components/business-auth-form.tsx';
import { PersonAuthForm } from '../components/person-auth-form.tsx';
import '../verification.css';
import { formatDatesTimes } from '../../../lib/time.ts';

function PersonTab() {
  const { data: record, isPending } = usePersonAuthInfo();
  const user = useUserInfo();
  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const status = toAuthStatus(record?.checked ?? user.data?.personauth);
  return (
    <>
      <div className="zl-auth-state">
        {status === AUTH_STATUS.NOT_SUBMITTED && (
          <p className="zl-auth-intro">
            {user.data?.cardtype === 'customer'
              ? '实名认证通过后即可选标签约，合同以您的真实姓名作为甲方。'
              : '实名认证通过后即可在项目大厅报价。'}
            请填写本人真实信息，平台将在 1 个工作日内完成审核。
          </p>
        )}
        {status === AUTH_STATUS.PENDING && (
          <PendingNotice
            kind="实名认证"
            submittedAt={record ? formatDatesTimes(record.dates, record.times) : ''}
          />
        )}
        {status === AUTH_STATUS.REJECTED && (
          <RejectedNotice kind="实名认证" reason={record?.reason || user.data?.reject?.person || ''} />
        )}
        {status === AUTH_STATUS.APPROVED && (
          <ApprovedSummary
            kind="实名认证"
            rows={[
              ['真实姓名', maskName(record?.realname || user.data?.name || '')],
              ['身份证号码', maskIdCard(record?.idcard ?? '') || user.data?.idcard],
              ['认证时间', record ? `${record.dates}` : ''],
            ]}
          />
        )}
      </div>
      {status !== AUTH_STATUS.APPROVED && (
        <PersonAuthForm
          key={`${status}-${record?.dates ?? ''}-${record?.times ?? ''}`}
          record={record}
          readOnly={status === AUTH_STATUS.PENDING}
        />
      )}
    </>
  );
}

function BusinessTab() {
  const { data: record, isPending } = useBusinessAuthInfo();
  const user = useUserInfo();
  if (isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  const status = toAuthStatus(record?.checked ?? user.data?.businsauth);
  return (
    <>
      <div className="zl-auth-state">
        {status === AUTH_STATUS.NOT_SUBMITTED && (
          <p className="zl-auth-intro">
            {user.data?.cardtype === 'customer'
              ? '以企业身份签约请完成企业认证：准备好营业执照、法人身份证和对公银行账户信息。通过后合同以企业名称作为甲方。'
              : '以企业身份接单请完成企业认证：准备好营业执照、法人身份证和对公银行账户信息。通过后项目结算将打入对公账户。'}
          </p>
        )}
        {status === AUTH_STATUS.PENDING && (
          <PendingNotice
            kind="企业认证"
            submittedAt={record ? formatDatesTimes(record.dates, record.times) : ''}
          />
        )}
        {status === AUTH_STATUS.REJECTED && (
          <RejectedNotice kind="企业认证" reason={record?.reason || user.data?.reject?.business || ''} />
        )}
        {status === AUTH_STATUS.APPROVED && record && (
          <ApprovedSummary
            kind="企业认证"
            rows={[
              ['企业名称', record.btitle],
              ['企业类型', record.bstype],
              ['统一社会信用代码', maskTail(record.taxorder, 4)],
              ['注册地区', [record.bprov, record.bcity, record.bstrt].filter(Boolean).join(' ')],
              ['联系人', maskName(record.name)],
              ['结算账户', `${record.bkname} ${maskTail(record.bkorder, 4)}`],
            ]}
          />
        )}
      </div>
      {status !== AUTH_STATUS.APPROVED && (
        <BusinessAuthForm
          key={`${status}-${record?.dates ?? ''}-${record?.times ?? ''}`}
          record={record}
          readOnly={status === AUTH_STATUS.PENDING}
        />
      )}
    </>
  );
}

/** /personCenter/security_person: personal and business verification, each with its state on top. */
export default function SecurityPersonPage() {
  const [params, setParams] = useSearchParams();
  const user = useUserInfo();
  const tab = params.get('tab') === 'business' ? 'business' : 'person';
  const personStatus = toAuthStatus(user.data?.personauth);
  const businessStatus = toAuthStatus(user.data?.businsauth);
  return (
    <div>
      <div className="zl-auth-head">
        <h1>实名认证</h1>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'business' ? { tab: 'business' } : {}, { replace: true })}
        items={[
          {
            key: 'person',
            label: (
              <span className="zl-auth-tab-label">
                个人实名认证 {user.data && <AuthTag status={personStatus} />}
              </span>
            ),
            children: <PersonTab />,
          },
          {
            key: 'business',
            label: (
              <span className="zl-auth-tab-label">
                企业认证 {user.data && <AuthTag status={businessStatus} />}
              </span>
            ),
            children: <BusinessTab />,
          },
        ]}
      />
    </div>
  );
}
