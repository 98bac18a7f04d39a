/** What other features may use of change orders (变更单 增项 / 减项). */
export { ChangeOrderPanel } from './components/change-order-panel.tsx';
