import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { profile as profileFixture } from '@/test/fixtures';
import { expectShown, expectTexts } from '@/test/expect';
import { advance, enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { accountApi } from '../api';
import { PICTURE_FAILED } from '../components/profile-summary';
import { PROFILE_UPDATE_FAILED } from '../components/profile-details';
import { PROFILE_LOAD_FAILED, ProfilePage } from './profile-page';

const profile = profileFixture();

const open = () => renderPage(<ProfilePage />, { path: '/profile' });
const file = (name: string, type: string, size = 1024) =>
  new File([new Uint8Array(size)], name, { type });

beforeEach(() => signIn());

describe('ProfilePage', () => {
  it('shows avatar initials, name, e-mail, the verified badge and the uppercased role', async () => {
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    open();
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getAllByText('ada@irongym.ng').length).toBeGreaterThan(0);
    expectTexts(document.body, ['Email verified', 'OWNER', 'AO', '0803 123 4567']);
  });

  it('load failure: the fallback and a Retry', async () => {
    vi.spyOn(accountApi, 'me').mockRejectedValue(new ApiError(0, '', 'NETWORK_ERROR'));
    open();
    await expectShown(PROFILE_LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('edit: validation messages, and the e-mail cannot be changed', async () => {
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    const update = vi.spyOn(accountApi, 'updateProfile');
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(field('Email Address')).toBeDisabled();
    await user.clear(field('First Name'));
    await enter(user, field('First Name'), 'A');
    await user.clear(field('Last Name'));
    await user.clear(field('Phone Number'));
    await enter(user, field('Phone Number'), '0803');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectShown(
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Phone number must be at least 11 characters',
    );
    expect(update).not.toHaveBeenCalled();
  });

  it('sends only the changed fields and shows the success banner for 5 s', async () => {
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    const update = vi
      .spyOn(accountApi, 'updateProfile')
      .mockResolvedValue({ message: 'ok', data: { ...profile, first_name: 'Adaeze' } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('First Name'));
    await enter(user, field('First Name'), 'Adaeze');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await expectShown('Profile updated successfully!');
    expect(update).toHaveBeenCalledWith({ first_name: 'Adaeze' });
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    await advance(5_100);
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it('cancel resets the form; an update failure shows the server message or the fallback', async () => {
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    vi.spyOn(accountApi, 'updateProfile').mockRejectedValue(new ApiError(500, '', 'X'));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await enter(user, field('Last Name'), 'nna');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(field('Last Name')).toHaveValue('Obi');
    await enter(user, field('Last Name'), 'nna');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectShown(PROFILE_UPDATE_FAILED);
  });

  it('picture: checks image type and size, then uploads', async () => {
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    const upload = vi
      .spyOn(accountApi, 'uploadPicture')
      .mockRejectedValueOnce(new ApiError(500, '', 'X'))
      .mockResolvedValueOnce('/uploads/p.png');
    open();
    const input = await screen.findByLabelText('Profile picture');
    const pick = (f: File) => fireEvent.change(input, { target: { files: [f] } });

    // The picker offers images only; a file that gets past it is still checked.
    pick(file('notes.pdf', 'application/pdf'));
    await expectShown('Please select an image file');
    pick(file('big.png', 'image/png', 5 * 1024 * 1024));
    await expectShown('File size must be less than 5MB');
    expect(upload).not.toHaveBeenCalled();

    pick(file('me.png', 'image/png'));
    await expectShown(PICTURE_FAILED);
    pick(file('me.png', 'image/png'));
    await expectShown('Profile picture updated successfully!');
    expect(upload).toHaveBeenCalledTimes(2);
  });
});
