/** What other features may use of the completion report (docs/delivery-report.md). */
export { AcceptanceSection } from './components/acceptance-section.tsx';
export { SupplierReportCard } from './components/supplier-report-card.tsx';
