/** What other features may use of payment (docs/web.md, docs/payments.md): the prepayment panel. */
export { PrepayPanel, prepayDue } from './components/prepay-panel.tsx';
