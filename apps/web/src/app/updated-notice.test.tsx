import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UpdatedNotice } from './updated-notice';

const open = () =>
  render(
    <MantineProvider>
      <Notifications />
      <UpdatedNotice />
    </MantineProvider>,
  );

afterEach(() => {
  notifications.clean();
  sessionStorage.clear();
});

describe('UpdatedNotice', () => {
  it('says "Updated" once after the app has reloaded into a new version', async () => {
    sessionStorage.setItem('kora:updated', '1');
    const first = open();
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    expect(screen.getByText('Kora is on its newest version.')).toBeInTheDocument();
    first.unmount();
    notifications.clean();

    // The next start (a reload of the same version) says nothing.
    open();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Updated')).not.toBeInTheDocument();
  });

  it('says nothing on an ordinary start', async () => {
    open();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Updated')).not.toBeInTheDocument();
  });
});
