import message from 'antd/es/message';
import notification from 'antd/es/notification';
import { useEffect } from 'react';
import { setFeedback } from '../lib/feedback.ts';
import { AntdProvider } from './antd-provider.tsx';

/** docs/seed-map.md § Constants defaults: notification 4.5 s top right, offsets 24/24; toast 3 s. */
export const NOTIFICATION_DEFAULTS = { duration: 4.5, placement: 'topRight', top: 24, bottom: 24 } as const;
export const MESSAGE_DEFAULTS = { duration: 3 } as const;

/** antd's message/notification, created inside ConfigProvider, handed to the error handler. */
export default function FeedbackApis() {
  return (
    <AntdProvider>
      <Holders />
    </AntdProvider>
  );
}

function Holders() {
  const [messageApi, messageHolder] = message.useMessage(MESSAGE_DEFAULTS);
  const [notificationApi, notificationHolder] = notification.useNotification(NOTIFICATION_DEFAULTS);

  useEffect(() => {
    setFeedback({ message: messageApi, notification: notificationApi });
    return () => setFeedback(null);
  }, [messageApi, notificationApi]);

  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
