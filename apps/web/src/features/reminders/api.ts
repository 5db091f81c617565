import type { UpdateReminderSettingsInput } from '@kora/shared';
import { reminderContracts } from '@/lib/api-routes';
import { callApi } from '@/lib/api-client';
import { queryRoots, useChangeMutation } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { useDataQuery } from '@/lib/use-data-query';
import { usePagedQuery } from '@/lib/use-paged-query';

/** A member's reminders: 10 a page. */
export const REMINDERS_PER_PAGE = 10;

const remindersKey = queryRoots.reminders;
const settingsKey = [...remindersKey, 'settings'] as const;
const memberRemindersKey = (memberId: number, page: number) =>
  [...remindersKey, 'member', memberId, { page }] as const;
const summaryKey = [...remindersKey, 'summary'] as const;

const remindersApi = {
  settings: () => callApi(reminderContracts.settings),
  update: (input: UpdateReminderSettingsInput) =>
    callApi(reminderContracts.update, { body: input }),
  memberSends: (memberId: number, page: number) =>
    callApi(reminderContracts.memberSends, {
      params: { id: memberId },
      query: { page, per_page: REMINDERS_PER_PAGE },
    }),
  summary: () => callApi(reminderContracts.summary),
};

/** The business's reminder settings; not asked for a user without a business. */
export const useReminderSettings = () => {
  const { user } = useSession();
  return useDataQuery(settingsKey, () => remindersApi.settings(), {
    enabled: user?.businessId != null,
  });
};

/** Saves the settings; the cache is set from the answer. */
export const useUpdateReminderSettings = () =>
  useChangeMutation(
    'reminder-settings',
    (input: UpdateReminderSettingsInput) => remindersApi.update(input),
    (queryClient, answer) => queryClient.setQueryData(settingsKey, answer.data),
  );

export const useMemberReminders = (memberId: number, page: number) =>
  usePagedQuery(memberRemindersKey(memberId, page), () => remindersApi.memberSends(memberId, page));

/** This month's reminders and renewals after them (the dashboard's stat). */
export const useReminderSummary = (enabled = true) =>
  useDataQuery(summaryKey, () => remindersApi.summary(), { enabled });
