import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { candidate } from '@/test/check-in-fixtures';
import { mockFetch, ok, pageOf } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { CheckInPage } from '../pages/check-in-page';

const CARD = 'nq7c3xk2m4p5r6s7t2u3v4w5xa';

/** The browser's own QR reader, reading `code` from the first frame. */
const browserDetector = (code: string) =>
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats = () => Promise.resolve(['qr_code', 'ean_13']);
      detect = () => Promise.resolve([{ rawValue: code }]);
    },
  );

const camera = (getUserMedia: () => Promise<MediaStream>) =>
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });

const openDesk = () => {
  signIn();
  const api = mockFetch({
    'GET /v1/check-in/lookup': () => ok([candidate({ found_by: 'card' })]),
    'GET /v1/check-in': () => pageOf([]),
  });
  return { api, ...renderPage(<CheckInPage />, { path: '/check-in' }) };
};

describe('the camera scan', () => {
  it('reads a QR card with the browser reader and opens its verdict', async () => {
    browserDetector(`https://kora.ng/card/${CARD}`);
    const stop = vi.fn();
    camera(() => Promise.resolve({ getTracks: () => [{ stop }] } as unknown as MediaStream));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { api, user } = openDesk();
    await user.click(screen.getByRole('button', { name: 'Scan a card with the camera' }));
    expect(await screen.findByText('Active, 23 days left')).toBeInTheDocument();
    expect(api.sent('GET /v1/check-in/lookup').map((r) => r.query.get('q'))).toEqual([CARD]);
    // The camera is off again once the card is read.
    expect(stop).toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Scan a card' })).not.toBeInTheDocument();
  });

  it('says so plainly when the camera is not allowed', async () => {
    browserDetector(CARD);
    camera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const { api, user } = openDesk();
    await user.click(screen.getByRole('button', { name: 'Scan a card with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The camera was not allowed. Allow the camera for this site in your browser, or type the code.',
    );
    expect(api.sent('GET /v1/check-in/lookup')).toHaveLength(0);
  });

  it('without the browser reader (jsQR instead) a refused camera says so too', async () => {
    vi.stubGlobal('BarcodeDetector', undefined);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    camera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const { user } = openDesk();
    await user.click(screen.getByRole('button', { name: 'Scan a card with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera was not allowed.');
  });

  it('says so plainly on a device without a camera', async () => {
    browserDetector(CARD);
    camera(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')));
    const { user } = openDesk();
    await user.click(screen.getByRole('button', { name: 'Scan a card with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No camera was found on this device. Type the phone number or member ID instead.',
    );
  });
});
