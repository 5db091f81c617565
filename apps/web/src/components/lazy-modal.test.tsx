import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { ConfirmModal } from './confirm-modal';

function DeleteRow() {
  const [opened, setOpened] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Delete</Button>
      <p>{done ? 'Deleted' : 'Still here'}</p>
      <ConfirmModal
        opened={opened}
        title="Delete this plan?"
        pending={false}
        error={null}
        errorFallback="Could not delete"
        cancelLabel="Keep it"
        confirmLabel="Delete plan"
        onConfirm={() => {
          setDone(true);
          setOpened(false);
        }}
        onClose={() => setOpened(false)}
      >
        Members on it keep their subscriptions.
      </ConfirmModal>
    </>
  );
}

describe('a dialog whose code arrives after the first page', () => {
  it('draws nothing until it opens, then asks, answers and closes like any dialog', async () => {
    const user = userEvent.setup();
    renderPage(<DeleteRow />, { path: '/plans' });
    expect(screen.getByText('Still here')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Members on it keep their subscriptions.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this plan?' });
    expect(dialog).toHaveTextContent('Members on it keep their subscriptions.');

    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Still here')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete plan' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
