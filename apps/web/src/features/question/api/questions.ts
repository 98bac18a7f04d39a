/** The project Q&A (docs/questions.md): Projectcenter/questionList, askQuestion; Customer/answerQuestion, clarify. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerQuestionInput,
  AskQuestionInput,
  ClarifyInput,
  ProjectQuestion,
  QuestionList,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { questionKeys } from './keys.ts';

export function questionListQuery(projectId: number) {
  return queryOptions({
    queryKey: questionKeys.list(projectId),
    // a side panel: when it cannot load, the panel stays away and the page it sits on is unharmed
    // (no shared error handling, which would send a NOT_FOUND to the not-found page)
    queryFn: ({ signal }) =>
      api.post<QuestionList>(
        'Projectcenter/questionList',
        { id: projectId },
        { signal, skipErrorHandler: true },
      ),
    meta: { skipErrorHandler: true },
    retry: false,
  });
}

export function useQuestionList(projectId: number) {
  return useQuery(questionListQuery(projectId));
}

type Path = 'Projectcenter/askQuestion' | 'Customer/answerQuestion' | 'Customer/clarify';
type Body<P extends Path> = P extends 'Projectcenter/askQuestion'
  ? AskQuestionInput
  : P extends 'Customer/answerQuestion'
    ? AnswerQuestionInput
    : ClarifyInput;

/** One of the three submissions; each carries its Idempotency-Key, the form shows the refusal. */
function useQuestionSubmit<P extends Path>(path: P, projectId: number) {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: Body<P>) =>
      api.post<ProjectQuestion>(path, body, { skipErrorHandler: true, submission }),
    meta: { skipErrorHandler: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: questionKeys.list(projectId) }),
  });
}

export const useAskQuestion = (projectId: number) =>
  useQuestionSubmit('Projectcenter/askQuestion', projectId);
export const useAnswerQuestion = (projectId: number) =>
  useQuestionSubmit('Customer/answerQuestion', projectId);
export const useClarify = (projectId: number) => useQuestionSubmit('Customer/clarify', projectId);
