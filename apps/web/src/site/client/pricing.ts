import { all } from './dom';

type Billing = 'annual' | 'monthly';

/**
 * The pricing toggle: Annual (the default) or Monthly. Every text that depends on it carries
 * both versions (data-annual, data-monthly); the pressed button says which one shows.
 */
export function initPricing(doc: Document, signal: AbortSignal): void {
  for (const root of all(doc, '[data-pricing]')) {
    const options = all<HTMLButtonElement>(root, '[data-billing-option]');
    const show = (billing: Billing) => {
      root.dataset.billing = billing;
      for (const option of options) {
        option.setAttribute('aria-pressed', String(option.dataset.billingOption === billing));
      }
      for (const text of all(root, '[data-annual][data-monthly]')) {
        text.textContent = text.dataset[billing] ?? text.textContent;
      }
    };
    for (const option of options) {
      option.addEventListener('click', () => show(option.dataset.billingOption as Billing), {
        signal,
      });
    }
  }
}
