/** What other features may use of customer (docs/web.md): how a project is shown (the operator's review uses them). */
export { RequirementLists } from './components/requirement-lists.tsx';
export { OPENS_OPTIONS } from './lib/publish-values.ts';
export { ProjectStatusTag } from './lib/status.tsx';
