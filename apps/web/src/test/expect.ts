import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/* Assertions the tests repeat: texts on the screen or in a part of it, and the rows they are in. */

/** The table row of the cell showing `text`. */
export const rowOf = (text: string | RegExp) => screen.getByText(text).closest('tr')!;

/** The table row of the cell showing `text`, once the list has loaded. */
export const findRow = async (text: string | RegExp) =>
  (await screen.findByText(text)).closest('tr')!;

/** Expects each text once in `container`: a row, a card, a dialog, or the screen (document.body). */
export const expectTexts = (container: HTMLElement, texts: (string | RegExp)[]) => {
  for (const text of texts) expect(within(container).getByText(text)).toBeInTheDocument();
};

/** Waits until `first` shows (a call answered, a timer ran), then expects each of `others`. */
export const expectShown = async (first: string | RegExp, ...others: (string | RegExp)[]) => {
  expect(await screen.findByText(first)).toBeInTheDocument();
  expectTexts(document.body, others);
};

/** Expects an element labelled each of `labels` on the screen (the stat cards' figures). */
export const expectLabelled = (labels: string[]) => {
  for (const label of labels) expect(screen.getByLabelText(label)).toBeInTheDocument();
};
