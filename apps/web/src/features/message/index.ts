/** What other features and the layouts may use of message (docs/messages.md): the header badge and live updates. */
export { useLiveEvents } from './api/live-events.ts';
export { useUnreadCount, useUnreadTotal } from './api/unread-count.ts';
export { UnreadBadge } from './components/unread-badge.tsx';
