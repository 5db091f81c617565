import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { takeUpdatedFlag } from './service-worker/register';

/**
 * A quiet notice, once, after the app has started on a new version (taken at this start, see
 * service-worker/register.ts): nothing to do, it goes away by itself.
 */
export function UpdatedNotice() {
  useEffect(() => {
    if (!takeUpdatedFlag()) return;
    notifications.show({
      id: 'kora-updated',
      title: 'Updated',
      message: 'Kora is on its newest version.',
      autoClose: 6000,
    });
  }, []);
  return null;
}
