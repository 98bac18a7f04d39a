import { isServerAnswer } from '../lib/biz-error.ts';
import { currentPath, navigateTo } from '../lib/navigation.ts';
import { loginWithRememberToken } from '../lib/session-api.ts';
import { useSession } from '../lib/session-store.ts';
import { storage } from '../lib/storage.ts';
import { runAutologin } from './guard.ts';

let inFlight: Promise<void> | null = null;

/**
 * Guard rule 2 side effect, single-flight (StrictMode and re-renders call it more than once).
 * `requested` is the page that was opened (path + query); success goes there (rule 3).
 */
export function startAutologin(requested = '/'): Promise<void> {
  if (inFlight) return inFlight;
  const session = useSession.getState();
  session.setAutologin('pending');
  inFlight = runAutologin(
    {
      login: loginWithRememberToken,
      onSuccess: (m) => useSession.getState().loggedIn(m),
      onFailure: (error) => {
        // Forget the remembered mobile only when the server refused the token; a request cut off
        // by a reload or a network failure says nothing about it, and the next load tries again.
        if (isServerAnswer(error)) {
          storage.removeName();
          useSession.getState().setAutologin('failed');
        } else {
          useSession.getState().setAutologin('idle');
        }
      },
    },
    requested,
  )
    .then((to) => {
      if (to !== '/login') navigateTo(to, { replace: true });
      else if (!currentPath().startsWith('/login')) navigateTo('/login', { replace: true });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
