import type { KoraModule } from '../module';
import { auditRoutes } from './audit.routes';

/** The audit trail: who changed what, when; read by owners and admins. */
export const auditModule: KoraModule = {
  name: 'audit',
  routes: auditRoutes,
};

// What other modules call: one entry written in their own transaction, with its actor.
export {
  actorOf,
  userActor,
  IMPORT_ACTOR,
  KIOSK_ACTOR,
  PAYSTACK_ACTOR,
  SYSTEM_ACTOR,
  type Actor,
} from './audit.actor';
export {
  auditEntryJson,
  changesBetween,
  recordAudit,
  recordEdit,
  recordExport,
  recordMessageSent,
  recordSettingsChange,
  type Changes,
} from './audit.service';
