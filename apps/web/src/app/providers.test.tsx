import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '@/test/render';
import { Providers } from './providers';

describe('Providers', () => {
  it('shows toasts at the bottom, clear of the header and its user menu', async () => {
    render(
      <Providers queryClient={testQueryClient()}>
        <Button
          onClick={() =>
            notifications.show({
              title: 'Business setup completed!',
              message: 'Iron Gym is ready.',
            })
          }
        >
          Done
        </Button>
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const toast = await screen.findByText('Iron Gym is ready.');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
    notifications.clean();
  });
});
