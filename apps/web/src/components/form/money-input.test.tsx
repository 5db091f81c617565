import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { field, renderPage } from '@/test/render';

type User = ReturnType<typeof renderPage>['user'];
import { MoneyInput, pastedNaira } from './money-input';

/** The input with what it gives shown beside it, as a form would keep it. */
function Amount() {
  const [value, setValue] = useState<number | string>(0);
  return (
    <>
      <MoneyInput label="Amount" value={value} onChange={setValue} />
      <output aria-label="Value">{String(value)}</output>
    </>
  );
}

const open = () => renderPage(<Amount />);
/** The amount in naira the input gave its form (a number, or a number as text). */
const value = () => Number(screen.getByLabelText('Value').textContent);

describe('MoneyInput', () => {
  it.each([
    ['25,000', '₦25,000', 25000],
    ['25000', '₦25,000', 25000],
    ['25,000.50', '₦25,000.50', 25000.5],
    ['1,250,000', '₦1,250,000', 1250000],
    ['999.999', '₦999.99', 999.99],
  ])('typing %s shows %s and gives %s naira', async (typed, shown, given) => {
    const { user } = open();
    await user.clear(field('Amount'));
    await user.type(field('Amount'), typed);
    expect(field('Amount')).toHaveValue(shown);
    expect(value()).toBe(given);
  });

  it.each([
    ['25,000', '₦25,000', 25000],
    ['₦25,000', '₦25,000', 25000],
    ['₦ 25,000.50', '₦25,000.50', 25000.5],
    ['NGN 1,500', '₦1,500', 1500],
    ['12 500', '₦12,500', 12500],
  ])('pasting %s shows %s and gives %s naira', async (pasted, shown, given) => {
    const { user } = open();
    await user.clear(field('Amount'));
    await user.click(field('Amount'));
    await user.paste(pasted);
    expect(field('Amount')).toHaveValue(shown);
    expect(value()).toBe(given);
  });

  it.each([
    ['clicked into', async (user: User) => user.click(field('Amount'))],
    ['tabbed into', async (user: User) => user.tab()],
  ])('₦0 %s: typing replaces the 0', async (_how, enter) => {
    const { user } = open();
    await enter(user);
    await user.keyboard('2500');
    expect(field('Amount')).toHaveValue('₦2,500');
    expect(value()).toBe(2500);
  });

  it('₦0 with the caret anywhere in it: the typed or pasted amount replaces the 0', async () => {
    const { user } = open();
    await user.click(field('Amount'));
    (field('Amount') as HTMLInputElement).setSelectionRange(1, 1);
    await user.keyboard('7');
    expect(field('Amount')).toHaveValue('₦7');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '0');
    await user.paste('₦1,500');
    expect(field('Amount')).toHaveValue('₦1,500');
    expect(value()).toBe(1500);
  });

  it('a 0 after the decimal point or inside an amount stays', async () => {
    const { user } = open();
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '0.05');
    expect(field('Amount')).toHaveValue('₦0.05');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '105');
    expect(field('Amount')).toHaveValue('₦105');
  });

  it('reads pasted en-NG amounts: a comma groups thousands, only "." starts the kobo', () => {
    expect(pastedNaira('25,000')).toBe('25000');
    expect(pastedNaira('₦25,000.50')).toBe('25000.50');
    expect(pastedNaira('N5,000')).toBe('5000');
    expect(pastedNaira('-₦500')).toBe('-500');
    expect(pastedNaira('twenty')).toBe('twenty');
  });
});
