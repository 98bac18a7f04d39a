import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { FeedbackHolder } from './app/feedback-holder.tsx';
import { createAppRouter } from './app/router.tsx';
import { setNavigator } from './lib/navigation.ts';
import { startLoginCheck } from './lib/session-api.ts';
import { useSession } from './lib/session-store.ts';
import './styles.css';

// a member who looks signed in: the session check starts now, beside the page's code
if (useSession.getState().cardno) startLoginCheck();

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
