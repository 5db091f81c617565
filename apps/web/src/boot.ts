// The stylesheet belongs to the page itself (linked in its head): a page the server drew ahead
// of time is styled from its first paint. Here only what the sign-in page, the loading and error
// pages and the toasts use (in Mantine's order, in its `mantine` layer); every other page brings
// Mantine's whole stylesheet with its code (lib/lazy-page.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
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
