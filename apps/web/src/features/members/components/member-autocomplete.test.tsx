import { screen } from '@testing-library/react';
import type { Member } from '@kora/shared';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pickable } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { advance, enter, renderPage } from '@/test/render';
import { MemberAutocomplete } from './member-autocomplete';

const chiamaka = pickable();
const chidi = pickable({
  id: 9,
  member_id: 'IRG-00009',
  first_name: 'Chidi',
  last_name: 'Eze',
  mobile_number: '+2348120000009',
});

function Harness({ onChange }: { onChange: (m: Member | null) => void }) {
  const [value, setValue] = useState<Member | null>(null);
  return (
    <>
      <MemberAutocomplete
        label="Member"
        value={value}
        onChange={(m) => {
          setValue(m);
          onChange(m);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const setup = () => {
  const api = mockFetch({
    'GET /v1/member': () =>
      ok([chiamaka, chidi], { meta: { page: 1, per_page: 50, pages: 1, total: 2 } }),
  });
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const onChange = vi.fn();
  const view = renderPage(<Harness onChange={onChange} />, { timers: true });
  return { ...view, api, onChange, input: screen.getByLabelText('Member') };
};

const pause = () => advance(400);

describe('MemberAutocomplete', () => {
  it('does not search under 2 characters; at 2 it searches 50 members after a pause', async () => {
    const { user, api, input } = setup();
    await enter(user, input, 'c');
    await pause();
    expect(api.sent('GET /v1/member')).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await enter(user, input, 'h');
    await pause();
    const option = await screen.findByRole('option', { name: /Chiamaka Okafor/ });
    expect(option).toHaveTextContent('IRG-00005');
    expect(option).toHaveTextContent('0803 123 4567');
    expect(screen.getByRole('option', { name: /Chidi Eze/ })).toBeInTheDocument();
    const sent = api.sent('GET /v1/member');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.get('search')).toBe('ch');
    expect(sent[0]!.query.get('per_page')).toBe('50');
  });

  it('closes on Escape and on a click outside', async () => {
    const { user, input } = setup();
    await enter(user, input, 'chi');
    await pause();
    await screen.findByRole('option', { name: /Chidi Eze/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option', { name: /Chidi Eze/ })).not.toBeInTheDocument();

    await enter(user, input, 'd');
    await pause();
    await screen.findByRole('option', { name: /Chidi Eze/ });
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('option', { name: /Chidi Eze/ })).not.toBeInTheDocument();
  });

  it('chooses a member; editing the text afterwards clears the selection', async () => {
    const { user, input, onChange } = setup();
    await enter(user, input, 'chi');
    await pause();
    await user.click(await screen.findByRole('option', { name: /Chidi Eze/ }));
    expect(onChange).toHaveBeenLastCalledWith(chidi);
    expect(input).toHaveValue('Chidi Eze');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await enter(user, input, '{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('Chidi Ez');
  });
});
