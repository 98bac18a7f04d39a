import { startPageRequests } from './app/early-requests.ts';
import { aliasOf } from './app/path-aliases.ts';
import { LOGIN_CHECK, startEarlyCall } from './lib/early.ts';
import { storage } from './lib/storage.ts';

/**
 * The first of the page's two entry scripts (index.html): small and without React, it runs as soon
 * as its few kilobytes have arrived, before the app's ~140 KB (docs/web.md § Page speed).
 *
 * An alias (`/customer` is the customer's list, app/path-aliases.ts) becomes its page before the
 * router starts, so the page's code loads with the layout instead of after a redirect. For a
 * member who looks signed in, the session check and the page's first call start now; the app
 * takes their answers when it asks (lib/early.ts).
 */
const alias = aliasOf(window.location.pathname);
if (alias) {
  window.history.replaceState(
    window.history.state,
    '',
    `${alias}${window.location.search}${window.location.hash}`,
  );
}

if (storage.getCardno()) {
  startEarlyCall(LOGIN_CHECK, 'GET', LOGIN_CHECK);
  startPageRequests(window.location.pathname, window.location.search);
}
