import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { NOT_ALLOWED } from '@kora/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectShown } from '@/test/expect';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { Can } from './can';

const signInAs = (role: 'owner' | 'admin' | 'staff') => signIn({ role });

const renderButton = (reason?: string) => {
  const onClick = vi.fn();
  const view = renderPage(
    <Can action="plans.manage" reason={reason}>
      <Button onClick={onClick}>Add Plan</Button>
    </Can>,
  );
  return { ...view, onClick, button: screen.getByRole('button', { name: 'Add Plan' }) };
};

describe('Can', () => {
  it('leaves a control alone for a role that may take the action', async () => {
    signInAs('admin');
    const { user, button, onClick } = renderButton();
    expect(button).toBeEnabled();
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('disables it for a role that may not, and says why on hover', async () => {
    signInAs('staff');
    const { user, button, onClick } = renderButton();
    expect(button).toBeDisabled();
    await user.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(NOT_ALLOWED);
    button.click();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('says the reason it is given', async () => {
    signInAs('staff');
    const { user, button } = renderButton('Only managers edit plans.');
    await user.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only managers edit plans.');
  });

  it.each([
    ['owner', 'editable'],
    ['staff', 'read-only'],
  ] as const)('tells a function of its children whether %s may: %s', async (role, text) => {
    signInAs(role);
    renderPage(
      <Can action="business.manage">{(allowed) => (allowed ? 'editable' : 'read-only')}</Can>,
    );
    await expectShown(text);
  });
});
