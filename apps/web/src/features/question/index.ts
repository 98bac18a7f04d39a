/** What other features may use of the project Q&A (docs/questions.md). */
export { NewAnswersNotice, QuestionPanel } from './components/question-panel.tsx';
