import Descriptions, { type DescriptionsProps } from 'antd/es/descriptions';
import type { DrawerProps } from 'antd/es/drawer';
import Drawer from 'antd/es/drawer';
import Grid from 'antd/es/grid';
import Space from 'antd/es/space';
import { type ReactNode, useState } from 'react';
import { isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { StatusTag } from '../labels.tsx';

/**
 * The decision step both review drawers share: send it, close the reject dialog, say how it went,
 * and on success let the page move on to the next pending one.
 */
export function useReviewDecision(opts: {
  id: number | null;
  send: (id: number, approve: boolean, reason?: string) => Promise<unknown>;
  successText: (approve: boolean) => string;
  onDecided: (id: number) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  async function decide(approve: boolean, reason?: string) {
    const { id } = opts;
    if (id === null) return;
    try {
      await opts.send(id, approve, reason);
      setRejecting(false);
      withFeedback((f) => f.message.success(opts.successText(approve)));
      opts.onDecided(id);
    } catch (e) {
      setRejecting(false);
      const text = isBizError(e) ? e.message : '操作失败，请重试';
      withFeedback((f) => f.message.error(text));
    }
  }
  return { rejecting, setRejecting, decide };
}

/** A titled block of a review drawer: a bordered one-column Descriptions of `items`, else `children`. */
export function ReviewSection({
  title,
  items,
  children,
}: {
  title: ReactNode;
  items?: DescriptionsProps['items'];
  children?: ReactNode;
}) {
  return (
    <section className="zl-review-section">
      <h4>{title}</h4>
      {items ? <Descriptions size="small" column={1} bordered items={items} /> : children}
    </section>
  );
}

/** 会员号 and 手机号 of a member, as the first rows of a Descriptions list. */
export function memberIdItems(m: { cardno: string; mobile: string }) {
  return [
    { key: 'cardno', label: '会员号', children: <span className="zl-admin-mono">{m.cardno}</span> },
    { key: 'mobile', label: '手机号', children: <span className="zl-admin-mono">{m.mobile}</span> },
  ];
}

/** 认证状态: the member's personal and business verification, as a Descriptions row. */
export function authStatusItem(m: { personauth: number; businsauth: number }) {
  return {
    key: 'auth',
    label: '认证状态',
    children: (
      <Space size={4} wrap>
        个人 <StatusTag value={m.personauth} /> 企业 <StatusTag value={m.businsauth} />
      </Space>
    ),
  };
}

/**
 * The drawer of a review: open while a row is chosen, `widths` wide on xl / lg screens (full width
 * below), the title's parts in a row.
 */
export function ReviewDrawerShell({
  id,
  widths,
  heading,
  ...props
}: Omit<DrawerProps, 'id' | 'open' | 'size' | 'title'> & {
  id: number | null;
  widths: [number, number];
  heading: ReactNode;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={id !== null}
      size={screens.xl ? widths[0] : screens.lg ? widths[1] : '100%'}
      destroyOnHidden
      title={
        <Space size={8} wrap>
          {heading}
        </Space>
      }
      {...props}
    />
  );
}
