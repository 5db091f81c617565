import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { candidate, tunde } from '@/test/check-in-fixtures';
import { renderPage } from '@/test/render';
import { CandidateList } from './candidate-list';

describe('CandidateList', () => {
  it('on a phone the name keeps the row: the verdict sits under it, a long name wraps', async () => {
    const long = tunde({
      member: {
        ...tunde().member,
        first_name: 'Oluwatobiloba',
        last_name: 'Adebayo-Ogunlesi',
      },
    });
    const onChoose = vi.fn();
    const { user } = renderPage(
      <CandidateList candidates={[candidate(), long]} onChoose={onChoose} />,
    );
    const name = screen.getByText('Oluwatobiloba Adebayo-Ogunlesi');
    // Wrapped to two lines at most, never cut to "Oluwa…" on one.
    expect(name).not.toHaveAttribute('data-truncate');
    expect(name).toHaveAttribute('data-line-clamp', 'true');
    // The verdict is in the name's column, under the member ID, not beside the name.
    const column = name.parentElement!;
    expect(column).toHaveTextContent(/^Oluwatobiloba Adebayo-OgunlesiIRG-00009Expired 5 days ago$/);
    await user.click(screen.getByRole('button', { name: /^Oluwatobiloba Adebayo-Ogunlesi/ }));
    expect(onChoose).toHaveBeenCalledWith(long);
  });
});
