// The stylesheet belongs to the page itself (linked in its head): a page the server drew ahead
// of time is styled from its first paint.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { registerServiceWorker, takeWaitingVersion } from './app/service-worker/register';

/*
 * The app's first script. When the server drew the page ahead of time (sign-in, sign-up), the
 * browser paints it first and the app starts after that first frame, its largest libraries
 * evaluated one task at a time so a cheap phone keeps answering (scrolling the page) while the
 * app starts; otherwise the app starts at once.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const startInSteps = async () => {
  // React DOM first, alone (importing a library's whole namespace this way keeps it whole:
  // only React DOM, whose client entry is small, is taken apart from the rest).
  await import('react-dom/client');
  await nextTask();
  const app = await import('./main');
  await nextTask();
  await app.startApp();
};

const start = () => {
  if (document.getElementById('root')?.hasChildNodes()) {
    requestAnimationFrame(() => setTimeout(() => void startInSteps(), 0));
  } else {
    void import('./main').then((app) => app.startApp());
  }
};

// The built app works offline through its service worker (none while developing). A new version
// downloaded during an earlier visit is taken first: the page reloads into it before it starts.
if (import.meta.env.PROD) {
  void takeWaitingVersion().then((reloading) => {
    if (!reloading) start();
  });
  registerServiceWorker();
} else {
  start();
}
