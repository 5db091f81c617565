// The stylesheet belongs to the page itself (linked in its head): a page the server drew ahead
// of time is styled from its first paint.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

/*
 * The app's first script. When the server drew the page ahead of time (sign-in, sign-up), the
 * browser paints it first and the app's code starts after that first frame; otherwise the app
 * starts at once.
 */
const start = () => import('./main').then((app) => app.startApp());

if (document.getElementById('root')?.hasChildNodes()) {
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void start();
}
