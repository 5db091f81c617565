import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_HONEYPOT, CONTACT_MESSAGES } from '@kora/shared';
import { SENDING_LABEL, SUCCESS_HIDE_MS } from './client/contact-form';
import { mountPage, type } from './test-utils';

/* The sales contact form in jsdom: the visitor's checks, what is sent, and each answer. */

let controller: AbortController;
beforeEach(() => {
  controller = mountPage({ kind: 'contact', path: '/contact-sales' });
});
afterEach(() => controller.abort());

const $ = <T extends HTMLElement = HTMLInputElement>(selector: string) =>
  document.querySelector<T>(selector)!;
const form = () => $<HTMLFormElement>('form[data-contact-form]');
const submitButton = () => $<HTMLButtonElement>('[data-submit]');
const errorOf = (field: string) => document.getElementById(`${field}-error`)!;
const shownError = (field: string) => {
  const slot = errorOf(field);
  return slot.hidden ? null : slot.textContent;
};
const need = (key: string) => $(`#need-${key}`);
const submit = () => form().requestSubmit();

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? 'oops' : JSON.stringify(body), {
    status,
    headers: { 'content-type': body === undefined ? 'text/plain' : 'application/json' },
  });

function fillValid() {
  type($('#business_name'), '  Iron Yard Gym ');
  type($('#business_email'), 'owner@ironyard.ng');
  type($<HTMLSelectElement>('#member_stats'), '50-100');
  need('member-management').click();
  type($<HTMLSelectElement>('#how_you_found_us'), 'Instagram');
}

const sentBodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));
const sentKeys = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(
    ([, init]) => ((init as RequestInit).headers as Record<string, string>)['idempotency-key'],
  );

describe('checks before sending', () => {
  it('shows each required message under its field, marks it invalid and focuses the first', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    submit();
    expect(shownError('business_name')).toBe(CONTACT_MESSAGES.businessName);
    expect(shownError('business_email')).toBe(CONTACT_MESSAGES.businessEmail);
    expect(shownError('member_stats')).toBe(CONTACT_MESSAGES.memberCount);
    expect(shownError('features')).toBe(CONTACT_MESSAGES.needs);
    expect(shownError('how_you_found_us')).toBe(CONTACT_MESSAGES.discovery);
    expect(shownError('contact_number')).toBeNull();
    expect(shownError('additional_information')).toBeNull();

    const name = $('#business_name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('business_name-error');
    expect($('#member_stats').getAttribute('aria-invalid')).toBe('true');
    expect(need('gym-growth-strategy').getAttribute('aria-invalid')).toBe('true');
    expect($('#needs').getAttribute('aria-describedby')).toBe('features-error');
    expect(document.activeElement).toBe(name);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a business name needs two visible characters; an e-mail must be valid', () => {
    fillValid();
    vi.stubGlobal('fetch', vi.fn());
    for (const bad of ['a', '  a  ', '\u200b\u200b\u200b']) {
      type($('#business_name'), bad);
      submit();
      expect(shownError('business_name'), JSON.stringify(bad)).toBe(CONTACT_MESSAGES.businessName);
    }
    type($('#business_name'), 'Ọ̀k');
    for (const bad of ['owner', 'owner@', 'owner@gym', 'a..b@gym.ng']) {
      type($('#business_email'), bad);
      submit();
      expect(shownError('business_email'), bad).toBe(CONTACT_MESSAGES.businessEmail);
      expect(shownError('business_name')).toBeNull();
      expect(document.activeElement).toBe($('#business_email'));
    }
  });

  it('editing a field clears its message', () => {
    submit();
    type($('#business_name'), 'Iron Yard');
    expect(shownError('business_name')).toBeNull();
    expect($('#business_name').hasAttribute('aria-invalid')).toBe(false);
    expect(shownError('business_email')).toBe(CONTACT_MESSAGES.businessEmail);
  });

  it('"Other" reveals its text field; ticked but left empty, it is no choice', () => {
    fillValid();
    vi.stubGlobal('fetch', vi.fn());
    need('member-management').click(); // untick
    const otherNeed = $('#features_other').closest<HTMLElement>('[data-other-field]')!;
    expect(otherNeed.hidden).toBe(true);
    need('other').click();
    expect(otherNeed.hidden).toBe(false);
    submit();
    expect(shownError('features')).toBe(CONTACT_MESSAGES.needs);
    expect(document.activeElement).toBe($('#features_other'));

    const otherSource = $('#how_you_found_us_other').closest<HTMLElement>('[data-other-field]')!;
    expect(otherSource.hidden).toBe(true);
    type($<HTMLSelectElement>('#how_you_found_us'), 'other');
    expect(otherSource.hidden).toBe(false);
    type($('#features_other'), 'Coaching staff rotas');
    submit();
    expect(shownError('features')).toBeNull();
    expect(shownError('how_you_found_us')).toBe(CONTACT_MESSAGES.discovery);
    expect(document.activeElement).toBe($('#how_you_found_us_other'));
  });
});

describe('sending', () => {
  it('posts the mapped body as JSON with an Idempotency-Key, once for a double click', async () => {
    let settle: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (settle = resolve)));
    vi.stubGlobal('fetch', fetch);
    fillValid();
    need('gym-growth-strategy').click();
    need('other').click();
    type($('#features_other'), '  Staff rotas ');
    type($<HTMLSelectElement>('#how_you_found_us'), 'other');
    type($('#how_you_found_us_other'), 'A poster at the market');
    type($('#contact_number'), ' 0803 123 4567 ');
    type($<HTMLTextAreaElement>('#additional_information'), 'Two branches in Ibadan.');

    submitButton().click();
    submitButton().click();
    submit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toBe(SENDING_LABEL);

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/contact');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(init.body as string)).toEqual({
      business_name: 'Iron Yard Gym',
      business_email: 'owner@ironyard.ng',
      member_stats: '50-100',
      features: ['Streamlined membership management', 'Gym growth strategy', 'Staff rotas'],
      how_you_found_us: 'A poster at the market',
      contact_number: '0803 123 4567',
      additional_information: 'Two branches in Ibadan.',
      [CONTACT_HONEYPOT]: '',
    });

    settle(answer(201, { message: 'Created', data: { entity_id: 'KORA-7Q2X' } }));
    await vi.waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(submitButton().textContent).toBe('Send request');
  });

  it('leaves out the optional fields when they are empty, and sends what a robot typed in the honeypot', async () => {
    const fetch = vi.fn(async () => answer(201, { data: { entity_id: 'T1' } }));
    vi.stubGlobal('fetch', fetch);
    fillValid();
    $(`[name="${CONTACT_HONEYPOT}"]`).value = 'http://spam.example';
    submit();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sentBodies(fetch)[0]).toEqual({
      business_name: 'Iron Yard Gym',
      business_email: 'owner@ironyard.ng',
      member_stats: '50-100',
      features: ['Streamlined membership management'],
      how_you_found_us: 'Instagram',
      [CONTACT_HONEYPOT]: 'http://spam.example',
    });
  });

  it('keeps the key for the same contents until a success, then takes a new one', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(500, { message: 'Something went wrong on our side.' }))
      .mockResolvedValueOnce(answer(201, { data: { entity_id: 'T1' } }))
      .mockResolvedValueOnce(answer(201, { data: { entity_id: 'T2' } }))
      .mockResolvedValueOnce(answer(201, { data: { entity_id: 'T3' } }));
    vi.stubGlobal('fetch', fetch);
    const send = async (n: number) => {
      submit();
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(n));
      await vi.waitFor(() => expect(submitButton().disabled).toBe(false));
    };
    fillValid();
    await send(1); // fails
    await send(2); // the same contents: the same key, succeeds
    fillValid(); // the form was reset; the same contents again are a new request
    await send(3);
    fillValid();
    type($('#business_name'), 'Another Gym');
    await send(4);
    const [first, retry, again, other] = sentKeys(fetch);
    expect(retry).toBe(first);
    expect(again).not.toBe(first);
    expect(other).not.toBe(again);
  });
});

describe('answers', () => {
  it('201: shows the ticket ID and the sales note, resets the form, hides the note after 15 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(201, { message: 'Created', data: { entity_id: 'KORA-7Q2X' } })),
    );
    fillValid();
    need('other').click();
    submit();
    await vi.advanceTimersByTimeAsync(0);
    const status = $<HTMLElement>('[data-form-success]');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toContain('Ticket ID: KORA-7Q2X');
    expect(status.textContent).toContain('A sales representative will reach out');
    expect($('#business_name').value).toBe('');
    expect($<HTMLSelectElement>('#member_stats').value).toBe('');
    expect(need('member-management').checked).toBe(false);
    expect($('#features_other').closest<HTMLElement>('[data-other-field]')!.hidden).toBe(true);

    await vi.advanceTimersByTimeAsync(SUCCESS_HIDE_MS - 100);
    expect(status.textContent).toContain('Ticket ID: KORA-7Q2X');
    await vi.advanceTimersByTimeAsync(100);
    expect(status.textContent).toBe('');
  });

  it("400: shows the server's field errors under their fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(400, {
          message: 'Invalid input.',
          code: 'VALIDATION_ERROR',
          errors: {
            business_email: 'Email address is too long',
            'features.0': 'Area of help must be at most 200 characters',
            how_you_found_us: 'How you heard about us must be on one line',
          },
        }),
      ),
    );
    fillValid();
    submit();
    await vi.waitFor(() => expect(shownError('business_email')).toBe('Email address is too long'));
    expect(shownError('features')).toBe('Area of help must be at most 200 characters');
    expect(shownError('how_you_found_us')).toBe('How you heard about us must be on one line');
    expect(shownError('business_name')).toBeNull();
    expect(document.activeElement).toBe($('#business_email'));
    expect($('[data-form-failure]').textContent).toBe('');
  });

  it('500: "Something went wrong" with the server\'s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(429, { message: 'Too many attempts. Please try again in 5 minutes.' }),
      ),
    );
    fillValid();
    submit();
    const alert = $<HTMLElement>('[data-form-failure]');
    await vi.waitFor(() => expect(alert.textContent).toContain(CONTACT_MESSAGES.failedTitle));
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Too many attempts. Please try again in 5 minutes.');
    // The visitor's words stay for another try.
    expect($('#business_name').value).toBe('  Iron Yard Gym ');
  });

  it('a failure without a message, or no answer at all, shows the fallback text', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(500))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    fillValid();
    const alert = $<HTMLElement>('[data-form-failure]');
    for (const n of [1, 2]) {
      submit();
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(n));
      await vi.waitFor(() =>
        expect(alert.textContent).toBe(
          `${CONTACT_MESSAGES.failedTitle}${CONTACT_MESSAGES.failedText}`,
        ),
      );
      await vi.waitFor(() => expect(submitButton().disabled).toBe(false));
    }
  });
});
