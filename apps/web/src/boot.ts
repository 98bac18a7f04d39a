import { startPageRequests } from './app/early-requests.ts';
import { startEarlyCall } from './lib/early.ts';
import { storage } from './lib/storage.ts';

/**
 * The first of the page's two entry scripts (index.html): small and without React, it runs as soon
 * as its few kilobytes have arrived, before the app's ~140 KB (docs/web.md § Page speed).
 *
 * `/customer` is the customer's list: it becomes `/customer/projects` before the router starts,
 * so the list's code loads with the layout instead of after the index route's redirect. For a
 * member who looks signed in, the session check and the page's first call start now; the app
 * takes their answers when it asks (lib/early.ts).
 */
if (/^\/customer\/?$/.test(window.location.pathname)) {
  window.history.replaceState(
    window.history.state,
    '',
    `/customer/projects${window.location.search}${window.location.hash}`,
  );
}

if (storage.getCardno()) {
  // the key and call of lib/session-api.ts's LOGIN_CHECK (not imported: that module pulls React in)
  startEarlyCall('User/loginCheck', 'GET', 'User/loginCheck');
  startPageRequests(window.location.pathname, window.location.search);
}
