import {
  AUDIT_ACTOR_NAMES,
  auditText,
  type AuditAction,
  type AuditActorKind,
  type AuditEntry,
  type AuditExportQuery,
  type AuditListQuery,
  type AuditRecordKind,
  type PageMeta,
} from '@kora/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { BatchReader } from '../../lib/export-file';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { redactText } from '../../lib/redact';
import type { Actor } from './audit.actor';
import * as repo from './audit.repository';

/** What changed on a record: `{ field: { from, to } }`. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** One entry to write: the record acted on and what the action changed or names. */
export interface AuditRecord {
  businessId: number;
  action: AuditAction;
  recordKind: AuditRecordKind;
  recordId?: number | null;
  /** The record's business-facing name: "Ada Obi (IRON-00042)", a plan's name, IRON-000123. */
  recordLabel?: string;
  memberId?: number | null;
  paymentId?: number | null;
  changes?: Changes;
  /** reason, amount_kobo, filters, channel, count… */
  detail?: Record<string, unknown>;
}

const LABEL_MAX = 200;
const NAME_MAX = 200;
/** Longest text kept in a changed value or a detail (a reason is at most 200). */
const VALUE_MAX = 1000;
const DEPTH_MAX = 4;

/**
 * Fields whose values never enter the trail, whatever they hold: passwords, hashes, tokens,
 * codes, secret keys and links (a reset or invitation link, a card's or a receipt's address).
 */
const SECRET_FIELD =
  /(^|_)(password|passwords|hash|token|tokens|secret|code|otp|key|keys|link|url|authorization|cookie)$/i;
/** Fields that name a business's record and are no secret although they end like one. */
const NOT_SECRET = new Set(['member_code', 'business_code', 'website_url']);

/** A link that carries a secret: a query string, or a path part long enough to be a token. */
const SECRET_LINK = /\bhttps?:\/\/\S*?(?:\?|\/[A-Za-z0-9_-]{20,})\S*/gi;

const isSecretField = (key: string) => SECRET_FIELD.test(key) && !NOT_SECRET.has(key);

/** A value as the trail keeps it: secrets and links carrying them cut out, long text cut. */
const cleanValue = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') {
    // Links first: a link whose token the log redaction would mask is still a link.
    const text = redactText(value.replace(SECRET_LINK, '[link]'));
    return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
  }
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value ?? null;
  if (depth >= DEPTH_MAX) return null;
  if (Array.isArray(value)) return value.map((v) => cleanValue(v, depth + 1));
  return cleanObject(value as Record<string, unknown>, depth + 1);
};

/** An object without its secret fields (built as data: a `__proto__` key stays a plain key). */
const cleanObject = (value: Record<string, unknown>, depth = 0): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => v !== undefined && !isSecretField(key))
      .map(([key, v]) => [key, cleanValue(v, depth)]),
  );

const cleanChanges = (changes: Changes): Changes =>
  Object.fromEntries(
    Object.entries(changes)
      .filter(([key]) => !isSecretField(key))
      .map(([key, c]) => [key, { from: cleanValue(c.from, 1), to: cleanValue(c.to, 1) }]),
  );

const cut = (text: string | null | undefined, max: number): string | null =>
  text == null ? null : text.trim().slice(0, max);

/**
 * One entry of the trail as it is written: the actor as named now, texts cut to their columns,
 * and secrets kept out (fields named like a password, hash, token, code, key or link are dropped,
 * and links inside text are cut).
 */
const entryRow = (actor: Actor, entry: AuditRecord): repo.AuditInsert => {
  const isUser = actor.kind === 'user';
  return {
    businessId: entry.businessId,
    actorKind: actor.kind,
    actorUserId: isUser ? (actor.userId ?? null) : null,
    actorName: cut(actor.name, NAME_MAX),
    actorRole: isUser ? (cut(actor.role, 10) ?? null) : null,
    action: entry.action,
    recordKind: entry.recordKind,
    recordId: entry.recordId ?? null,
    recordLabel: cut(entry.recordLabel ?? '', LABEL_MAX) ?? '',
    memberId: entry.memberId ?? null,
    paymentId: entry.paymentId ?? null,
    changes: cleanChanges(entry.changes ?? {}),
    detail: cleanObject(entry.detail ?? {}),
  };
};

/**
 * Writes one entry of the audit trail with ONE insert, through `exec`: pass the transaction of
 * the change, so the entry and the change are committed together (neither exists without the
 * other) and a refused or failed change writes none.
 */
export const recordAudit = async (
  exec: Executor,
  actor: Actor,
  entry: AuditRecord,
): Promise<void> => {
  await repo.insertAuditEntry(exec, entryRow(actor, entry));
};

/**
 * The entry for a database function to write in the statement of its change (kora_check_in
 * writes a "Let in anyway" entry with the visit it inserts): the row as JSON, keyed by the
 * table's column names, ready for `jsonb_populate_record(NULL::audit_entries, …)`. The function
 * sets `record_id` to the record it creates; nothing else is added there.
 */
export const auditEntryJson = (
  actor: Actor,
  entry: Omit<AuditRecord, 'recordId'>,
): Record<string, unknown> => repo.asColumns(entryRow(actor, entry));

/**
 * The entry of a message sent to one member: `message` says which (never its text or a link),
 * `detail` adds to the channel and count.
 */
export const recordMessageSent = (
  exec: Executor,
  actor: Actor,
  sent: {
    businessId: number;
    memberId: number;
    recordLabel: string;
    message: string;
    channel: string;
    detail?: Record<string, unknown>;
  },
): Promise<void> =>
  recordAudit(exec, actor, {
    businessId: sent.businessId,
    action: 'message.send',
    recordKind: 'member',
    recordId: sent.memberId,
    recordLabel: sent.recordLabel,
    memberId: sent.memberId,
    detail: { message: sent.message, channel: sent.channel, count: 1, ...sent.detail },
  });

/**
 * The fields of `after` whose value differs from `before` (compared as JSON: dates, numbers and
 * text alike), as `{ field: { from, to } }`; `fields` limits the comparison to those named.
 */
export const changesBetween = <T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[] = Object.keys(after) as (keyof T & string)[],
): Changes => {
  const changes: Changes = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
};

/**
 * The trail of an edit of a record that can be switched off and on again (a member, a plan), in
 * the edit's transaction: a deactivation or reactivation is an entry of its own
 * (`member.deactivate`); the other `fields` that changed are one `member.update` entry, each
 * before → after. An edit that changes nothing writes nothing.
 */
export const recordEdit = async <
  T extends { is_active: boolean | 0 | 1 } & Record<string, unknown>,
>(
  exec: Executor,
  actor: Actor,
  record: Omit<AuditRecord, 'action' | 'changes' | 'detail'> & { recordKind: 'member' | 'plan' },
  fields: readonly (keyof T & string)[],
  before: T,
  after: T,
): Promise<void> => {
  const kind = record.recordKind;
  if (Boolean(before.is_active) !== Boolean(after.is_active))
    await recordAudit(exec, actor, {
      ...record,
      action: after.is_active ? `${kind}.activate` : `${kind}.deactivate`,
    });
  const changes = changesBetween(before, after, fields);
  if (Object.keys(changes).length > 0)
    await recordAudit(exec, actor, { ...record, action: `${kind}.update`, changes });
};

/**
 * The trail of a save of the business's own settings, in the save's transaction: one entry on
 * the business with each changed field before → after; a save that changes nothing writes none.
 */
export const recordSettingsChange = async (
  exec: Executor,
  actor: Actor,
  entry: Pick<AuditRecord, 'businessId' | 'action' | 'recordLabel'> & { changes: Changes },
): Promise<void> => {
  if (Object.keys(entry.changes).length > 0)
    await recordAudit(exec, actor, {
      ...entry,
      recordKind: 'business',
      recordId: entry.businessId,
    });
};

/**
 * Notes in the trail who exported what (`label`: the list's name as the desk knows it, e.g.
 * "Payments"), with which filters, as the file starts: before the first row is read.
 */
export const recordExport = (
  exec: Executor,
  actor: Actor,
  businessId: number,
  label: string,
  detail: { export: string; filters: object; format?: string },
): Promise<void> =>
  recordAudit(exec, actor, {
    businessId,
    action: 'export.download',
    recordKind: 'export',
    recordLabel: label,
    detail,
  });

/** An entry as the API answers it, with its sentence. */
export const toAuditEntry = (row: repo.AuditRow): AuditEntry => {
  const kind = row.actorKind as AuditActorKind;
  const entry = {
    actor: {
      kind,
      user_id: row.actorUserId,
      name: kind === 'user' ? (row.actorName ?? '') : AUDIT_ACTOR_NAMES[kind],
      role: row.actorRole,
    },
    action: row.action,
    record_kind: row.recordKind,
    record_id: row.recordId,
    record_label: row.recordLabel,
    member_id: row.memberId,
    payment_id: row.paymentId,
    changes: row.changes,
    detail: row.detail,
  };
  return { id: row.id, at: row.at.toISOString(), ...entry, text: auditText(entry) };
};

type FilterQuery = Pick<
  AuditListQuery,
  'user_id' | 'record_kind' | 'member_id' | 'payment_id' | 'start_date' | 'end_date'
>;

const filtersOf = (q: FilterQuery): repo.AuditFilters => ({
  userId: q.user_id,
  recordKind: q.record_kind,
  memberId: q.member_id,
  paymentId: q.payment_id,
  from: q.start_date,
  to: q.end_date,
});

/** A page of the business's trail, newest first. */
export const listAuditEntries = async (
  ctx: AppContext,
  businessId: number,
  query: AuditListQuery,
): Promise<{ data: AuditEntry[]; meta: PageMeta }> => {
  const page = await repo.listAuditEntries(ctx.db, businessId, filtersOf(query), pageWindow(query));
  return pageAnswer(query, page, toAuditEntry);
};

/** The filters an export names in its own entry: only those given, as the caller sent them. */
const givenFilters = (q: FilterQuery): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries({
      user_id: q.user_id,
      record_kind: q.record_kind,
      member_id: q.member_id,
      payment_id: q.payment_id,
      start_date: q.start_date,
      end_date: q.end_date,
    }).filter(([, v]) => v !== undefined),
  );

/**
 * Starts an export of the trail: writes its own `export.download` entry (who exported the
 * trail, with which filters and format), then answers the batch reader of the entries the
 * filters keep, newest first (the export's own entry among them when the filters keep it).
 */
export const startAuditExport = async (
  ctx: AppContext,
  businessId: number,
  actor: Actor,
  query: AuditExportQuery,
): Promise<BatchReader<repo.AuditExportRow>> => {
  await recordExport(ctx.db, actor, businessId, 'activity', {
    export: 'audit',
    format: query.format,
    filters: givenFilters(query),
  });
  const filters = filtersOf(query);
  return (after, limit) => repo.auditExportBatch(ctx.db, businessId, filters, after, limit);
};
export type { AuditExportRow } from './audit.repository';
