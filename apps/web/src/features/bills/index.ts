/** What other features may use of bills (docs/bills.md): the 收支明细 view suppliers and customers share. */
export { BillsView } from './components/bills-view.tsx';
