/** What other features may use of the project conversation (docs/conversation.md): 会话 of 消息中心. */
export { ConversationView } from './components/conversation-view.tsx';
