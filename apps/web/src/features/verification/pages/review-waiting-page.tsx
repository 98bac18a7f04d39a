import { AUTH_STATUS } from '@zl/shared';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { Link, useNavigate } from 'react-router';
import { ReviewSteps } from '../../../components/account/auth-status.tsx';
import { useUserInfo } from '../../../lib/user-info.ts';
import { WaitingPage } from '../../placeholder/index.ts';
import '../verification.css';

const CAN_DO: Array<[string, string, string]> = [
  ['/orderCenter', '浏览项目大厅', '先看看参展商发布的项目，认证通过后即可报价'],
  ['/personCenter/basicSetting', '完善基本资料', '头像、公司、所在地区和简介让参展商更了解您'],
  ['/personCenter/securitySetting', '设置支付密码与收款账户', '项目结算后提现时需要'],
  ['/help', '阅读帮助中心', '了解报价、签约、验收与结算规则'],
];

/**
 * /waiting: while a verification is pending it explains the review; otherwise it is the generic
 * Waiting content it was before (the route keeps its place in the route table).
 */
export default function ReviewWaitingPage() {
  const { data, isPending } = useUserInfo();
  const navigate = useNavigate();
  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const person = data?.personauth === AUTH_STATUS.PENDING;
  const business = data?.businsauth === AUTH_STATUS.PENDING;
  if (!person && !business) return <WaitingPage />;
  const what = person && business ? '实名认证和企业认证' : person ? '实名认证' : '企业认证';
  return (
    <div className="zl-panel zl-review-wait">
      <h1>{what}审核中</h1>
      <p className="zl-auth-intro">
        您的{what}资料已提交。平台审核人员会核对您填写的信息与证件照片，通常在 <b>1 个工作日</b>
        内完成；审核结果会通过消息中心通知您，未通过时会写明原因，修改后可重新提交。
      </p>
      <div className="zl-auth-steps">
        <ReviewSteps />
      </div>
      <h2>审核期间您可以</h2>
      <ul className="zl-review-todo">
        {CAN_DO.map(([to, label, why]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
            <span>{why}</span>
          </li>
        ))}
      </ul>
      <Button
        type="primary"
        onClick={() => navigate(`/personCenter/security_person${person ? '' : '?tab=business'}`)}
      >
        查看认证资料
      </Button>
    </div>
  );
}
