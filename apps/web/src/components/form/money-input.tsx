import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { ClipboardEvent, KeyboardEvent } from 'react';

/**
 * Pasted text as a plain number the input can take: en-NG grouping, so a comma always groups
 * thousands and only "." starts the kobo ("₦25,000.50" → "25000.50"); the naira sign, spaces and
 * "NGN" go. Text that is not a number comes back as it was.
 */
export const pastedNaira = (text: string): string => {
  const plain = text
    .trim()
    .replace(/^(-?)\s*(?:₦|NGN|N)\s*/i, '$1')
    .replace(/[,\s\u00a0]/g, '');
  return /^-?\d*(?:\.\d*)?$/.test(plain) && /\d/.test(plain) ? plain : text;
};

/** The box shows a zero amount ("₦0", "0"), which what is typed or pasted replaces. */
const showsZero = (input: HTMLInputElement) => /^\D*0$/.test(input.value);

/**
 * A naira amount: shown "₦25,000.50" and grouped as it is typed. Nigerians group thousands with
 * a comma, so a comma is never read as a decimal point: typing or pasting "25,000" is twenty-five
 * thousand naira, and only "." starts the kobo (two places at most). The value it gives is the
 * amount in naira (a number), or '' when empty. A box showing ₦0 takes what is typed or pasted
 * in place of the 0, wherever the caret is ("₦0", then 5 → "₦5", not "₦05" or "₦50").
 */
export function MoneyInput({ onPaste, onKeyDown, ...props }: NumberInputProps) {
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const input = event.currentTarget;
    if (/^\d$/.test(event.key) && showsZero(input)) input.select();
  };
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    const input = event.currentTarget;
    const text = event.clipboardData.getData('text');
    const plain = pastedNaira(text);
    if (event.defaultPrevented || plain === text || input.readOnly || input.disabled) return;
    // The number goes in where the text would have, in the input's own grouping.
    event.preventDefault();
    const zero = showsZero(input);
    const start = zero ? 0 : (input.selectionStart ?? input.value.length);
    const end = zero ? input.value.length : (input.selectionEnd ?? start);
    const next = input.value.slice(0, start) + plain + input.value.slice(end);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, next);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return (
    <NumberInput
      prefix="₦"
      thousandSeparator=","
      decimalSeparator="."
      allowedDecimalSeparators={['.']}
      decimalScale={2}
      clampBehavior="none"
      inputMode="decimal"
      hideControls
      {...props}
      onPaste={paste}
      onKeyDown={keyDown}
    />
  );
}
