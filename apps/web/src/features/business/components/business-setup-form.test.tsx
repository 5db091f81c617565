import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { refreshSession } from '@/lib/http';
import { uploadFile } from '@/lib/upload';
import { business as businessFixture } from '@/test/fixtures';
import { expectShown } from '@/test/expect';
import { enter, field, renderPage } from '@/test/render';
import { businessApi } from '../api';
import { BUSINESS_TEXTS } from '../business-form';
import { BusinessSetupForm } from './business-setup-form';

vi.mock('@/lib/upload', async (original) => ({
  ...(await original<typeof import('@/lib/upload')>()),
  uploadFile: vi.fn(),
}));
vi.mock('@/lib/http', async (original) => ({
  ...(await original<typeof import('@/lib/http')>()),
  refreshSession: vi.fn(),
}));

const business = businessFixture({ website_url: null, business_email: null, business_phone: null });

const png = () => new File([new Uint8Array(100)], 'logo.png', { type: 'image/png' });

beforeEach(() => {
  vi.mocked(uploadFile).mockReset();
  vi.mocked(refreshSession).mockReset().mockResolvedValue('new-token');
  vi.spyOn(businessApi, 'states').mockResolvedValue({ message: 'ok', data: ['Abia', 'Lagos'] });
});

const fillRequired = async (user: ReturnType<typeof renderPage>['user']) => {
  await enter(user, field('Business Name'), 'Iron Gym');
  await enter(user, field('Address'), '12 Admiralty Way');
  await enter(user, field('City'), 'Lekki');
  await user.click(field('State'));
  await user.click(await screen.findByRole('option', { name: 'Lagos' }));
};

describe('BusinessSetupForm', () => {
  it('shows the validation messages', async () => {
    const create = vi.spyOn(businessApi, 'create');
    const { user } = renderPage(<BusinessSetupForm onDone={vi.fn()} />);
    await enter(user, field('Business Email'), 'nope');
    await enter(user, field('Website'), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await expectShown(
      'Business name must be at least 2 characters',
      'Address must be at least 5 characters',
      'City must be at least 2 characters',
      'Please select a state',
      'Please enter a valid email address',
      'Please enter a valid website URL',
    );
    expect(create).not.toHaveBeenCalled();
  });

  it('uploads the logo at once; submit waits, labelled Uploading logo...', async () => {
    let finish!: (url: string) => void;
    vi.mocked(uploadFile).mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const create = vi
      .spyOn(businessApi, 'create')
      .mockResolvedValue({ message: 'ok', data: business });
    const onDone = vi.fn();
    const { user } = renderPage(<BusinessSetupForm onDone={onDone} />);
    await fillRequired(user);

    fireEvent.change(screen.getByLabelText('Business logo'), { target: { files: [png()] } });
    expect(uploadFile).toHaveBeenCalledWith(expect.any(File), 'business_logo');
    const submit = await screen.findByRole('button', { name: 'Uploading logo...' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('Logo upload in progress')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Business logo preview' })).toBeInTheDocument();

    finish('/uploads/logo.png');
    await user.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    // Empty optional fields are left out on create.
    expect(create).toHaveBeenCalledWith({
      business_name: 'Iron Gym',
      address: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      logo_url: '/uploads/logo.png',
    });
    // The new token carries the business.
    expect(refreshSession).toHaveBeenCalled();
  });

  it('a logo that fails to upload says so', async () => {
    vi.mocked(uploadFile).mockRejectedValue(new ApiError(500, '', 'X'));
    renderPage(<BusinessSetupForm onDone={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Business logo'), { target: { files: [png()] } });
    await expectShown(BUSINESS_TEXTS.logoFailed);
    fireEvent.change(screen.getByLabelText('Business logo'), {
      target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] },
    });
    await expectShown('Please select an image file');
  });

  it('failure: Setup failed with the server message or the fallback', async () => {
    vi.spyOn(businessApi, 'create')
      .mockRejectedValueOnce(new ApiError(409, 'You already have a business.', 'BUSINESS_EXISTS'))
      .mockRejectedValueOnce(new ApiError(0, '', 'NETWORK_ERROR'));
    const { user } = renderPage(<BusinessSetupForm onDone={vi.fn()} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await expectShown('Setup failed', 'You already have a business.');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await expectShown(BUSINESS_TEXTS.setupFailed);
  });
});
