import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { FeedbackHolder } from './app/feedback-holder.tsx';
import { createAppRouter } from './app/router.tsx';
import { setNavigator } from './lib/navigation.ts';
import './styles.css';

// The session check and the page's first call were started by src/boot.ts, the first entry of the
// build (boot-entry.ts); in development it runs from here.
if (import.meta.env.DEV) await import('./boot.ts');
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
