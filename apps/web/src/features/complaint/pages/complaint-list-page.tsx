import { useQuery } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatTime } from '../../../lib/time.ts';
import { complaintListQuery } from '../api/complaint.ts';
import { ComplaintStateTag } from '../components/complaint-view.tsx';
import '../complaint.css';

/** Where the complaint pages live for this member: the customer portal or the supplier's 个人中心. */
export function complaintBase(pathname: string): string {
  return pathname.startsWith('/customer') ? '/customer' : '/personCenter';
}

/** 我的投诉 (/customer/complaints, /personCenter/complaints): filed and received, newest first. */
export default function ComplaintListPage() {
  const { pathname } = useLocation();
  const base = complaintBase(pathname);
  const [page, setPage] = useState(1);
  const { data, isPending } = useQuery(complaintListQuery({ page, pageSize: 10 }));
  return (
    <div className={base === '/customer' ? 'zl-panel zl-complaint-page' : 'zl-complaint-page'}>
      <h1 className="zl-complaint-h1">我的投诉</h1>
      {isPending ? (
        <Skeleton active />
      ) : !data || data.total === 0 ? (
        <Empty description="暂无投诉。项目中标后至验收前，可在项目详情页发起投诉。" />
      ) : (
        <>
          <List
            dataSource={data.listItem}
            renderItem={(c) => (
              <List.Item
                key={c.id}
                actions={[
                  <Link key="v" to={`${base}/complaint?id=${c.id}`}>
                    查看
                  </Link>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Link to={`${base}/complaint?id=${c.id}`}>
                      <ComplaintStateTag state={c.state} text={c.stateText} /> {c.type} · {c.projectTitle}
                    </Link>
                  }
                  description={`${c.mine ? `我投诉 ${c.respondent.sideText} ${c.respondent.name}` : `${c.complainant.sideText} ${c.complainant.name} 投诉我`} · ${formatTime(c.created)}`}
                />
              </List.Item>
            )}
          />
          {data.total > 10 && (
            <Pagination
              current={page}
              pageSize={10}
              total={data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </div>
  );
}
