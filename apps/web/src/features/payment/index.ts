/**
 * What other features may use of payment (docs/web.md, docs/payments.md, docs/staged-escrow.md):
 * the prepayment notice and its return result, and the customer's 付款计划.
 */
export { PrepayPanel, prepayDue } from './components/prepay-panel.tsx';
export { StagePanel } from './components/stage-panel.tsx';
