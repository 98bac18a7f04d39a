/** What other features may use of evaluation (docs/delivery-evaluation.md). */
export { EvaluationPanel } from './components/evaluation-panel.tsx';
