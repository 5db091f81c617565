import type { CONTACT_MESSAGES } from '@kora/shared';

/*
 * The sales contact form: checks it with the contract's texts (rendered into the form's
 * data-messages, so this script imports nothing from the shared package and stays tiny), sends
 * it as JSON with an Idempotency-Key, and shows the answer.
 */

type Messages = typeof CONTACT_MESSAGES;

const CONTACT_URL = '/v1/contact';
/** How long the success panel stays. */
export const SUCCESS_HIDE_MS = 15_000;
export const SENDING_LABEL = 'Sending…';

/** The fields that can show an error under them, in the form's order (the API's names). */
const FIELDS = [
  'business_name',
  'business_email',
  'contact_number',
  'member_stats',
  'features',
  'how_you_found_us',
  'additional_information',
] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** The API's e-mail rule (zod's), so the form and the server agree. */
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** What takes no room on screen: a name of zero-width spaces is no name. */
const INVISIBLE = /[\p{Cf}\p{Z}\p{Cc}\p{M}\u115f\u1160\u3164\uffa0\u2800]/gu;
const visibleLength = (text: string) => Array.from(text.replace(INVISIBLE, '')).length;
const clean = (text: string) => text.trim().normalize('NFC');

const fieldOf = (name: string): Field | undefined => {
  const base = name.replace(/_other$/, '').split('.')[0] as Field;
  return FIELDS.includes(base) ? base : undefined;
};

const newKey = (): string => {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

export function initContactForm(doc: Document, signal: AbortSignal): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-contact-form]');
  if (!form) return;
  const win = doc.defaultView ?? window;
  const messages = JSON.parse(form.dataset.messages ?? '{}') as Messages;
  const submit = form.querySelector<HTMLButtonElement>('[data-submit]');
  const success = form.querySelector<HTMLElement>('[data-form-success]');
  const failure = form.querySelector<HTMLElement>('[data-form-failure]');
  const submitLabel = submit?.textContent ?? '';
  form.noValidate = true; // the script checks, with the contract's words

  const control = <T extends Element = HTMLInputElement>(name: string) =>
    form.querySelector<T>(`[name="${name}"]`);
  const value = (name: string) =>
    control<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(name)?.value ?? '';
  const needBoxes = () => Array.from(form.querySelectorAll<HTMLInputElement>('[name="features"]'));

  // "Other" shows its text field.
  const syncOthers = () => {
    for (const trigger of Array.from(form.querySelectorAll<HTMLElement>('[data-other]'))) {
      const box = form.querySelector<HTMLElement>(`[data-other-field="${trigger.dataset.other}"]`);
      if (!box) continue;
      const on =
        trigger instanceof HTMLInputElement
          ? trigger.checked
          : value(trigger.getAttribute('name')!) === 'other';
      box.hidden = !on;
    }
  };

  /** The controls that carry a field's error state, the first one taking the focus. */
  const controlsOf = (field: Field): HTMLElement[] => {
    if (field === 'features') {
      const other = control('features_other');
      const boxes = needBoxes();
      const otherChecked = boxes.some((b) => b.value === 'other' && b.checked);
      return otherChecked && other && !clean(other.value) ? [other, ...boxes] : boxes;
    }
    if (field === 'how_you_found_us' && value(field) === 'other') {
      return [control('how_you_found_us_other'), control(field)].filter(Boolean) as HTMLElement[];
    }
    const one = control(field);
    return one ? [one] : [];
  };

  const setError = (field: Field, message: string | undefined) => {
    const slot = doc.getElementById(`${field}-error`);
    if (slot) {
      slot.textContent = message ?? '';
      slot.hidden = !message;
    }
    const targets =
      field === 'features'
        ? [...needBoxes(), control('features_other')]
        : field === 'how_you_found_us'
          ? [control(field), control('how_you_found_us_other')]
          : [control(field)];
    for (const el of targets) {
      if (!el) continue;
      if (message) {
        el.setAttribute('aria-invalid', 'true');
        if (field !== 'features') el.setAttribute('aria-describedby', `${field}-error`);
      } else {
        el.removeAttribute('aria-invalid');
        if (field !== 'features') el.removeAttribute('aria-describedby');
      }
    }
  };

  const showErrors = (errors: Errors) => {
    let first: HTMLElement | undefined;
    for (const field of FIELDS) {
      setError(field, errors[field]);
      if (errors[field] && !first) first = controlsOf(field)[0];
    }
    first?.focus();
  };

  /** The request body and what is wrong with it. */
  const read = () => {
    const errors: Errors = {};
    const businessName = clean(value('business_name'));
    if (visibleLength(businessName) < 2) errors.business_name = messages.businessName;
    const email = clean(value('business_email'));
    if (!EMAIL.test(email)) errors.business_email = messages.businessEmail;
    const memberStats = value('member_stats');
    if (!memberStats) errors.member_stats = messages.memberCount;
    const features = needBoxes()
      .filter((b) => b.checked)
      .map((b) => (b.value === 'other' ? clean(value('features_other')) : b.value))
      .filter((text) => visibleLength(text) > 0);
    if (features.length === 0) errors.features = messages.needs;
    const source = value('how_you_found_us');
    const howYouFoundUs = source === 'other' ? clean(value('how_you_found_us_other')) : source;
    if (visibleLength(howYouFoundUs) === 0) errors.how_you_found_us = messages.discovery;

    const body: Record<string, unknown> = {
      business_name: businessName,
      business_email: email,
      member_stats: memberStats,
      features,
      how_you_found_us: howYouFoundUs,
    };
    const phone = clean(value('contact_number'));
    if (phone) body.contact_number = phone;
    const information = clean(value('additional_information'));
    if (information) body.additional_information = information;
    const honeypot = form.querySelector<HTMLInputElement>('[data-honeypot]');
    if (honeypot) body[honeypot.name] = honeypot.value;
    return { body, errors };
  };

  const panel = (kind: 'success' | 'failure', title: string, lines: string[]) => {
    const box = doc.createElement('div');
    box.className = `panel panel-${kind}`;
    const heading = doc.createElement('p');
    heading.className = 'panel-title';
    heading.textContent = title;
    box.append(heading);
    for (const line of lines) {
      const p = doc.createElement('p');
      p.textContent = line;
      box.append(p);
    }
    return box;
  };

  let hideTimer: number | undefined;
  const clearPanels = () => {
    win.clearTimeout(hideTimer);
    success?.replaceChildren();
    failure?.replaceChildren();
  };
  signal.addEventListener('abort', () => win.clearTimeout(hideTimer));

  const showSuccess = (ticket: string | undefined) => {
    if (!success) return;
    const lines = ticket ? [`Ticket ID: ${ticket}`] : [];
    lines.push('A sales representative will reach out to you shortly.');
    success.replaceChildren(panel('success', 'Thank you! We have received your request.', lines));
    success.scrollIntoView?.({ block: 'nearest' });
    hideTimer = win.setTimeout(() => success.replaceChildren(), SUCCESS_HIDE_MS);
  };

  const showFailure = (message: unknown) => {
    const text = typeof message === 'string' && message.trim() ? message : messages.failedText;
    failure?.replaceChildren(panel('failure', messages.failedTitle, [text]));
  };

  let sending = false;
  /** The key of the last body sent without success: the same body again reuses it. */
  let pending: { body: string; key: string } | null = null;

  const setSending = (on: boolean) => {
    sending = on;
    if (on) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
    if (!submit) return;
    submit.disabled = on;
    submit.textContent = on ? SENDING_LABEL : submitLabel;
  };

  form.addEventListener(
    'submit',
    async (event) => {
      event.preventDefault();
      if (sending) return;
      clearPanels();
      const { body, errors } = read();
      showErrors(errors);
      if (Object.keys(errors).length > 0) return;

      const json = JSON.stringify(body);
      if (pending?.body !== json) pending = { body: json, key: newKey() };
      setSending(true);
      try {
        const response = await win.fetch(CONTACT_URL, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'idempotency-key': pending.key,
          },
          body: json,
        });
        const answer = (await response.json().catch(() => null)) as {
          message?: unknown;
          errors?: Record<string, string>;
          data?: { entity_id?: string };
        } | null;
        if (response.ok) {
          pending = null;
          form.reset();
          syncOthers();
          showSuccess(answer?.data?.entity_id);
          return;
        }
        if (response.status === 400 && answer?.errors) {
          const fieldErrors: Errors = {};
          for (const [name, message] of Object.entries(answer.errors)) {
            const field = fieldOf(name);
            if (field && !fieldErrors[field]) fieldErrors[field] = message;
          }
          if (Object.keys(fieldErrors).length > 0) {
            showErrors(fieldErrors);
            return;
          }
        }
        showFailure(answer?.message);
      } catch {
        showFailure(undefined);
      } finally {
        setSending(false);
      }
    },
    { signal },
  );

  const onEdit = (event: Event) => {
    const name = (event.target as HTMLInputElement | null)?.name ?? '';
    const field = fieldOf(name);
    if (event.type === 'change') syncOthers();
    if (field && doc.getElementById(`${field}-error`)?.hidden === false) setError(field, undefined);
  };
  form.addEventListener('input', onEdit, { signal });
  form.addEventListener('change', onEdit, { signal });
  syncOthers();
}
