/** What other features may use of delivery (docs/delivery-contract.md): the progress card and the contract review. */
export { ContractReview } from './components/contract-review.tsx';
export { ProgressCard } from './components/progress-card.tsx';
