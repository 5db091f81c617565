/** What other parts of the web app may use from the renewal reminders feature. */
export { MemberRemindersCard } from './components/member-reminders-card';
export { ReminderSettings } from './components/reminder-settings';
export { ReminderStat } from './components/reminder-stat';
