import { PROJECT_STATUS, type ProjectInfo, QUOTE_STATUS } from '@zl/shared';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Steps from 'antd/es/steps';
import type { ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router';
import { idFromQuery, useProjectInfo } from '../../order-detail/index.ts';

/** The contract steps of the supplier, shown on both contract pages. */
export function ContractSteps({ current }: { current: number }) {
  return (
    <Steps
      size="small"
      current={current}
      items={[{ title: '下载合同' }, { title: '签字盖章' }, { title: '上传合同' }, { title: '参展商审核' }]}
    />
  );
}

/**
 * The project of ?id= for the contract pages, once its winning supplier looks at it; otherwise what
 * to show instead: not found, loading, or `refusal` for anyone but the winner.
 */
export function useWinnerProject(
  refusal: string,
): { id: number; p: ProjectInfo; instead?: undefined } | { instead: ReactElement } {
  const [params] = useSearchParams();
  const id = idFromQuery(params);
  const { data: p, isLoading, error } = useProjectInfo(id);
  if (!id || error) {
    return {
      instead: (
        <Result
          status="404"
          title="项目不存在"
          extra={<Link to="/personCenter/projectList">返回我的项目</Link>}
        />
      ),
    };
  }
  if (isLoading || !p) return { instead: <Skeleton active className="zl-panel" /> };
  const winner =
    p.myQuote?.status === QUOTE_STATUS.WON &&
    p.status >= PROJECT_STATUS.AWARDED &&
    p.status !== PROJECT_STATUS.CLOSED;
  if (!winner) {
    return {
      instead: (
        <Result status="info" title={refusal} extra={<Link to={`/orderDetail?id=${p.id}`}>查看项目</Link>} />
      ),
    };
  }
  return { id, p };
}
