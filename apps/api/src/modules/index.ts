import { auditModule } from './audit';
import { authModule } from './auth';
import { blogModule } from './blog';
import { cashUpModule } from './cash-up';
import { businessModule } from './business';
import { checkInModule } from './check-in';
import { communicationsModule } from './communications';
import { contactModule } from './contact';
import { dashboardModule } from './dashboard';
import { dayPassModule } from './day-pass';
import { devModule } from './dev';
import { freezesModule } from './freezes';
import { healthModule } from './health';
import { importsModule } from './imports';
import { kioskModule } from './kiosk';
import { membersModule } from './members';
import type { KoraModule } from './module';
import { onlineModule } from './online';
import { paymentsModule } from './payments';
import { portalModule } from './portal';
import { plansModule } from './plans';
import { privacyModule } from './privacy';
import { receiptsModule } from './receipts';
import { remindersModule } from './reminders';
import { subscriptionsModule } from './subscriptions';
import { uploadsModule } from './uploads';
import { teamModule } from './team';

/** Every feature of the API, registered in this order by `buildApp`. */
export const MODULES: readonly KoraModule[] = [
  healthModule,
  authModule,
  businessModule,
  uploadsModule,
  membersModule,
  privacyModule,
  importsModule,
  plansModule,
  paymentsModule,
  receiptsModule,
  cashUpModule,
  onlineModule,
  kioskModule,
  dayPassModule,
  subscriptionsModule,
  freezesModule,
  checkInModule,
  teamModule,
  communicationsModule,
  remindersModule,
  dashboardModule,
  auditModule,
  blogModule,
  contactModule,
  portalModule,
  devModule,
];
