import { api } from '../../../lib/api-client.ts';
import type { Project, ProjectSaveBody } from './types.ts';

/** Customer/projectSave: publish (no id) or edit / resubmit (with id). Errors go to the form. */
export function projectSave(body: ProjectSaveBody) {
  return api.post<Project>('Customer/projectSave', body, { skipErrorHandler: true });
}
