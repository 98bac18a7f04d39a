/** What other features and the layouts may use of message (docs/messages.md): the header badge. */
export { UnreadBadge, useUnreadCount } from './components/unread-badge.tsx';
