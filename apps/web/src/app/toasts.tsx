import { Notifications } from '@mantine/notifications';

/** The toasts' container: they rise from the bottom (at the top they covered the user menu). */
export default function Toasts() {
  return <Notifications position="bottom-right" limit={3} />;
}
