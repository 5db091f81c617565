import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_HELP } from '@kora/shared';
import { enter, field, renderPage } from '@/test/render';
import { RegisterForm } from './register-form';
import { SetPasswordForm } from './set-password-form';

/** What a person reads about the password they choose: its help, the meter, the checklist. */
const passwordAsked = () => {
  const input = field('Password');
  const help = document.getElementById(input.getAttribute('aria-describedby') ?? '');
  const checklist = screen.queryByRole('list', { name: 'Password requirements' });
  return {
    help: help?.textContent ?? null,
    placeholder: input.getAttribute('placeholder'),
    meter: screen.queryByTestId('password-strength')?.textContent ?? null,
    checklist: checklist
      ? Array.from(checklist.querySelectorAll('li'), (li) => li.textContent)
      : null,
  };
};

const signUp = () => renderPage(<RegisterForm onRegistered={vi.fn()} />);
const setUp = () =>
  renderPage(
    <SetPasswordForm
      token="t"
      email="tunde@irongym.ng"
      mode="setup"
      names={{ first_name: 'Tunde', last_name: 'Bello' }}
      onSuccess={vi.fn()}
      onLinkError={vi.fn()}
    />,
  );

describe("The owner's sign-up and an invited person's set-up ask for the same password", () => {
  it('the same rule under the field, the same meter and checklist', async () => {
    const { user } = signUp();
    await enter(user, field('Password'), 'abc');
    const atSignUp = passwordAsked();
    cleanup();
    const setup = setUp();
    await enter(setup.user, field('Password'), 'abc');
    const atSetUp = passwordAsked();

    expect(atSignUp.help).toBe(PASSWORD_HELP);
    expect(atSignUp.meter).toBe('Weak');
    expect(atSignUp.checklist).toHaveLength(5);
    expect(atSetUp).toEqual(atSignUp);
  });

  it.each([
    ['sign-up', signUp, 'Create Account'],
    ['set-up', setUp, 'Complete Setup'],
  ])(
    '%s: 7 characters are refused, an empty confirmation is asked for',
    async (_, open, submit) => {
      const { user } = open();
      await enter(user, field('Password'), 'abcdefg');
      await user.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
      expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    },
  );
});
