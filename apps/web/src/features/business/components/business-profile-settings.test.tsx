import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, RATE_LIMIT_MESSAGE } from '@/lib/api-error';
import { sessionStore } from '@/lib/session';
import { uploadFile } from '@/lib/upload';
import { business as businessFixture } from '@/test/fixtures';
import { expectShown } from '@/test/expect';
import { advance, enter, field, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { businessApi } from '../api';
import { BUSINESS_TEXTS } from '../business-form';
import { BusinessProfileSettings } from './business-profile-settings';

vi.mock('@/lib/upload', async (original) => ({
  ...(await original<typeof import('@/lib/upload')>()),
  uploadFile: vi.fn(),
}));

const business = businessFixture();

const signIn = (role: string, businessId: number | null = 3) =>
  sessionStore.signIn({
    access_token: accessToken({ role, business_id: businessId }),
    refresh_token: 'r1',
  });
const save = () => screen.getByRole('button', { name: 'Save Changes' });

beforeEach(() => {
  vi.spyOn(businessApi, 'states').mockResolvedValue({ message: 'ok', data: ['Abia', 'Lagos'] });
});

describe('Settings → Business Profile', () => {
  it('Save is enabled only when a field changed', async () => {
    signIn('owner');
    vi.spyOn(businessApi, 'profile').mockResolvedValue({ message: 'ok', data: business });
    const { user } = renderPage(<BusinessProfileSettings />);
    expect(await screen.findByDisplayValue('Iron Gym')).toBeInTheDocument();
    expect(screen.getByText('IRG')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await enter(user, field('City'), ' Phase 1');
    expect(save()).toBeEnabled();
    await user.clear(field('City'));
    await enter(user, field('City'), 'Lekki');
    expect(save()).toBeDisabled();
  });

  it('sends the changed fields, emptied ones as null, with the logo URL; banner for 5 s', async () => {
    signIn('admin');
    vi.spyOn(businessApi, 'profile').mockResolvedValue({ message: 'ok', data: business });
    const update = vi.spyOn(businessApi, 'update').mockResolvedValue({
      message: 'ok',
      data: { ...business, city: 'Ikeja', website_url: null, business_phone: null },
    });
    const { user } = renderPage(<BusinessProfileSettings />);
    await screen.findByDisplayValue('Iron Gym');
    await user.clear(field('City'));
    await enter(user, field('City'), 'Ikeja');
    await user.clear(field('Website'));
    await user.clear(field('Business Phone'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(save());

    await expectShown(BUSINESS_TEXTS.updated);
    expect(update).toHaveBeenCalledWith({
      city: 'Ikeja',
      website_url: null,
      business_phone: null,
      logo_url: '/uploads/logo.png',
    });
    expect(save()).toBeDisabled();
    await advance(5_100);
    expect(screen.queryByText(BUSINESS_TEXTS.updated)).not.toBeInTheDocument();
  });

  it('a new logo alone enables Save once uploaded, and is sent', async () => {
    signIn('owner');
    let finish!: (url: string) => void;
    vi.mocked(uploadFile).mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    vi.spyOn(businessApi, 'profile').mockResolvedValue({ message: 'ok', data: business });
    const update = vi
      .spyOn(businessApi, 'update')
      .mockResolvedValue({ message: 'ok', data: { ...business, logo_url: '/uploads/new.png' } });
    const { user } = renderPage(<BusinessProfileSettings />);
    await screen.findByDisplayValue('Iron Gym');
    fireEvent.change(screen.getByLabelText('Business logo'), {
      target: { files: [new File([new Uint8Array(10)], 'new.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('button', { name: 'Uploading logo...' })).toBeDisabled();
    expect(screen.getByText('Logo upload in progress')).toBeInTheDocument();
    finish('/uploads/new.png');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith({ logo_url: '/uploads/new.png' }));
  });

  it('an update failure shows the server message or the fallback', async () => {
    signIn('owner');
    vi.spyOn(businessApi, 'profile').mockResolvedValue({ message: 'ok', data: business });
    vi.spyOn(businessApi, 'update').mockRejectedValue(new ApiError(500, '', 'X'));
    const { user } = renderPage(<BusinessProfileSettings />);
    await screen.findByDisplayValue('Iron Gym');
    await enter(user, field('Address'), ', Lekki');
    await user.click(save());
    await expectShown(BUSINESS_TEXTS.updateFailed);
  });

  it('validation messages on the settings form', async () => {
    signIn('owner');
    vi.spyOn(businessApi, 'profile').mockResolvedValue({ message: 'ok', data: business });
    const update = vi.spyOn(businessApi, 'update');
    const { user } = renderPage(<BusinessProfileSettings />);
    await screen.findByDisplayValue('Iron Gym');
    await user.clear(field('Business Name'));
    await enter(user, field('Business Name'), 'I');
    await user.clear(field('Address'));
    await enter(user, field('Address'), '12');
    await user.click(save());
    await expectShown(
      'Business name must be at least 2 characters',
      'Address must be at least 5 characters',
    );
    expect(update).not.toHaveBeenCalled();
  });

  it('staff: every field read-only and shown so, the reason above them, nothing to save', async () => {
    signIn('staff');
    vi.spyOn(businessApi, 'profile').mockResolvedValue({ message: 'ok', data: business });
    const update = vi.spyOn(businessApi, 'update');
    const { user } = renderPage(<BusinessProfileSettings />);
    await screen.findByDisplayValue('Iron Gym');
    expect(screen.getByRole('note')).toHaveTextContent(BUSINESS_TEXTS.staffReadOnly);
    const labels = ['Business Name', 'Business Email', 'Address', 'City', 'State'];
    for (const label of [...labels, 'Business Phone', 'Website']) {
      expect(field(label)).toHaveAttribute('readonly');
      // Filled grey: it does not look like a field waiting to be typed in.
      expect(field(label)).toHaveAttribute('data-variant', 'filled');
    }
    await enter(user, field('City'), 'x');
    expect(field('City')).toHaveValue('Lekki');
    expect(screen.getByRole('button', { name: 'Change Logo' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    await enter(user, field('City'), '{Enter}');
    expect(update).not.toHaveBeenCalled();
  });

  it('owner: the fields are plain inputs, without the staff note', async () => {
    signIn('owner');
    vi.spyOn(businessApi, 'profile').mockResolvedValue({ message: 'ok', data: business });
    renderPage(<BusinessProfileSettings />);
    await screen.findByDisplayValue('Iron Gym');
    expect(field('City')).not.toHaveAttribute('readonly');
    expect(field('City')).not.toHaveAttribute('data-variant', 'filled');
    expect(screen.queryByText(BUSINESS_TEXTS.staffReadOnly)).not.toBeInTheDocument();
  });

  it('load refused by the rate limit: the wait message, not the load failure', async () => {
    signIn('owner');
    vi.spyOn(businessApi, 'profile').mockRejectedValue(new ApiError(429, '', 'RATE_LIMITED'));
    renderPage(<BusinessProfileSettings />);
    await expectShown(RATE_LIMIT_MESSAGE);
    expect(screen.queryByText('Unable to load business profile.')).not.toBeInTheDocument();
  });

  it('load failure: Unable to load business profile.', async () => {
    signIn('owner');
    vi.spyOn(businessApi, 'profile').mockRejectedValue(new ApiError(500, '', 'X'));
    renderPage(<BusinessProfileSettings />);
    await expectShown('Unable to load business profile.');
  });

  it('no business yet: the setup prompt', async () => {
    signIn('owner', null);
    const profile = vi.spyOn(businessApi, 'profile');
    const { user } = renderPage(<BusinessProfileSettings />);
    await user.click(screen.getByRole('button', { name: 'Setup Business' }));
    expect(await screen.findByRole('dialog', { name: 'Setup Your Business' })).toBeInTheDocument();
    expect(profile).not.toHaveBeenCalled();
  });
});
