import { describe, expect, it } from 'vitest';
import { lagosDay } from '@kora/shared';
import { bannerLines, deskTime, signOutWarning, waitingNote } from './desk-format';

const status = (over: Partial<Parameters<typeof bannerLines>[0]> = {}) => ({
  online: true,
  waiting: 0,
  attention: 0,
  lastSyncAt: null,
  otherUserWaiting: 0,
  ...over,
});

describe('the offline desk in words', () => {
  it('says offline with what waits and the last sync, in Lagos time', () => {
    const today = new Date(`${lagosDay()}T07:41:00+01:00`);
    expect(
      bannerLines(status({ online: false, waiting: 3, lastSyncAt: today.toISOString() })).status,
    ).toBe('Offline — 3 actions waiting · last sync 07:41');
    expect(bannerLines(status({ online: false, waiting: 1 })).status).toBe(
      'Offline — 1 action waiting',
    );
  });

  it('online: syncing what waits, nothing when nothing waits', () => {
    expect(bannerLines(status({ waiting: 3 })).status).toBe('Syncing 3 actions…');
    expect(bannerLines(status())).toEqual({ status: null, attention: null, others: null });
  });

  it('counts what needs attention and what another user left on this device', () => {
    expect(bannerLines(status({ attention: 2 })).attention).toBe('2 actions need attention');
    expect(bannerLines(status({ attention: 1 })).attention).toBe('1 action needs attention');
    expect(bannerLines(status({ otherUserWaiting: 1 })).others).toBe(
      '1 action of another user waits for them to sign in on this device',
    );
  });

  it('names the day of a sync that was not today', () => {
    expect(deskTime('2026-11-25T06:41:00.000Z')).toBe('25 Nov 07:41');
    expect(deskTime('not a time')).toBe('');
  });

  it('warns at sign-out and notes the figures', () => {
    expect(signOutWarning(3)).toBe(
      '3 actions are still waiting to sync. They will be sent when you sign in again on this device.',
    );
    expect(signOutWarning(1)).toBe(
      '1 action is still waiting to sync. It will be sent when you sign in again on this device.',
    );
    expect(waitingNote(3)).toBe('Does not include 3 actions waiting to sync');
  });
});
