import CopyOutlined from '@ant-design/icons/CopyOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import QRCode from 'antd/es/qr-code';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { withFeedback } from '../../../lib/feedback.ts';
import { useFeedUrl, useResetFeed } from '../api/calendar.ts';

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    withFeedback((f) => f.message.success('订阅链接已复制'));
  } catch {
    withFeedback((f) => f.message.warning('复制失败，请长按链接手动复制'));
  }
}

/** webcal:// opens the subscription dialog of Apple's and Outlook's calendars directly. */
const webcalOf = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * 订阅到手机日历 (docs/calendar.md § Feed): the member's secret feed address with 复制, its QR code
 * for the phone, how to add it, and 重置链接 (the old address stops working at once).
 */
export function SubscribeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isPending, isError, refetch } = useFeedUrl(open);
  const reset = useResetFeed();
  const url = data?.url ?? '';
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="订阅到手机日历"
      footer={
        <div className="zl-cal-sub-foot">
          <Popconfirm
            title="重置订阅链接？"
            description="旧链接将立即失效，已订阅的日历需要用新链接重新订阅。"
            okText="重置"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() =>
              reset.mutateAsync().then(
                () => withFeedback((f) => f.message.success('订阅链接已重置，旧链接已失效')),
                () => undefined,
              )
            }
          >
            <Button danger loading={reset.isPending} disabled={!url}>
              重置链接
            </Button>
          </Popconfirm>
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        </div>
      }
      width={520}
      destroyOnHidden
    >
      <div className="zl-cal-sub">
        <p className="zl-cal-sub-lead">
          把项目的进场布展、开展、撤场、报馆截止和付款到期同步到手机或电脑的日历，日程变化会自动更新。
        </p>
        {isError ? (
          <Alert
            type="error"
            showIcon
            title="订阅链接获取失败"
            action={
              <Button size="small" onClick={() => void refetch()}>
                重试
              </Button>
            }
          />
        ) : isPending || !url ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <>
            <div className="zl-cal-sub-body">
              <QRCode value={url} type="svg" size={148} bordered={false} className="zl-cal-qr" />
              <div className="zl-cal-sub-link">
                <label htmlFor="zl-cal-feed-url">订阅链接</label>
                <Space.Compact block>
                  <Input id="zl-cal-feed-url" value={url} readOnly onFocus={(e) => e.target.select()} />
                  <Button icon={<CopyOutlined />} onClick={() => void copy(url)}>
                    复制
                  </Button>
                </Space.Compact>
                <a className="zl-cal-webcal" href={webcalOf(url)}>
                  在本机日历中打开
                </a>
              </div>
            </div>
            <ol className="zl-cal-sub-steps">
              <li>手机扫码，或复制链接；</li>
              <li>iPhone：设置 → 日历 → 账户 → 添加账户 → 其他 → 添加已订阅的日历，粘贴链接；</li>
              <li>安卓手机、电脑：在日历应用（如 Outlook、Google 日历）中选择「通过网址订阅」，粘贴链接。</li>
            </ol>
            <Alert
              type="warning"
              showIcon
              title="链接即凭证：拿到链接的人都能看到你的项目日程（不含电话、证件号和金额）。如已泄露，请重置链接。"
            />
          </>
        )}
      </div>
    </Modal>
  );
}
