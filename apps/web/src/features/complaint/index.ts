/** What other features may use of complaint (docs/delivery-complaint.md). */
export { ComplainButton } from './components/complain-button.tsx';
export { ComplaintStateTag, RulingCard } from './components/complaint-view.tsx';
export { EvidenceList } from './components/evidence.tsx';
