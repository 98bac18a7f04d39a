import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startPageRequests } from './app/early-requests.ts';
import { FeedbackHolder } from './app/feedback-holder.tsx';
import { createAppRouter } from './app/router.tsx';
import { setNavigator } from './lib/navigation.ts';
import { startLoginCheck } from './lib/session-api.ts';
import { useSession } from './lib/session-store.ts';
import './styles.css';

// /customer is the customer's list: go there before the router starts, so the list's code loads
// with the layout instead of after the index route's redirect (docs/web.md § Page speed)
if (/^\/customer\/?$/.test(window.location.pathname)) {
  window.history.replaceState(
    window.history.state,
    '',
    `/customer/projects${window.location.search}${window.location.hash}`,
  );
}

// a member who looks signed in: the session check and the page's first request start now, beside
// the page's code
if (useSession.getState().cardno) {
  startLoginCheck();
  startPageRequests(window.location.pathname, window.location.search);
}

const router = createAppRouter();
setNavigator((to, opts) => {
  void router.navigate(to, opts);
});

const el = document.getElementById('root');
if (!el) throw new Error('#root missing');

createRoot(el).render(
  <StrictMode>
    <RouterProvider router={router} />
    <FeedbackHolder />
  </StrictMode>,
);
