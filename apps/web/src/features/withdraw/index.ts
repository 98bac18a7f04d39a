/** What other features may use of withdraw (docs/withdrawals.md): the balance and 提现 section. */
export { CashSection } from './components/cash-section.tsx';
