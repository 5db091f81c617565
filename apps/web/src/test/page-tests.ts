import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';

/* Tests every page of a kind has: what it shows for an answer, the name of its tab. */

/** What a page shows for an answer: what is tested, the text then shown, the answer, the path. */
export type ShownFor = [what: string, text: string, answer: () => Response, path?: string];

/**
 * One test a row: the page opened at `path` (its default without one), its main call answering
 * `answer`, shows `text`: a list's footer and empty states, a record not found, a failed load.
 */
export const itShows = (
  open: (answer: () => Response, path?: string) => unknown,
  rows: ShownFor[],
) =>
  it.each(rows)('%s: %s', async (_what, text, answer, path) => {
    open(answer, path);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

/**
 * A test that the page names its browser tab `title` ("Members · Kora"): once `ready` resolves
 * (the page has loaded), or as soon as it does without one.
 */
export const itNamesTheTab = (title: string, open: () => unknown, ready?: () => Promise<unknown>) =>
  it(`names the tab ${title}`, async () => {
    document.title = 'Kora';
    open();
    if (ready) {
      await ready();
      expect(document.title).toBe(title);
    } else await waitFor(() => expect(document.title).toBe(title));
  });
