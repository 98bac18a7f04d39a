/** What other features may use of invoices (发票; docs/invoices.md). */
export { InvoicePanel } from './components/invoice-panel.tsx';
export { InvoiceSection } from './components/invoice-section.tsx';
