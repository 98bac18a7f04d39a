import type { ProjectDetail, ProjectSaveInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import type { Submission } from '../../../lib/submission.ts';

/** Customer/projectSave: publish (no id) or edit / resubmit (with id). Errors go to the form. */
export function projectSave(body: ProjectSaveInput, submission: Submission) {
  return api.post<ProjectDetail>('Customer/projectSave', body, { skipErrorHandler: true, submission });
}
