import {
  ERASED_FIRST_NAME,
  PRIVACY_MESSAGES,
  erasedLastName,
  type Consent,
  type ConsentChoice,
  type ConsentSource,
  type ErasureRequest,
  type PageMeta,
  type PageQuery,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { insertConsent } from '../../db/consents';
import type { Executor } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { pageAnswer, pageWindow } from '../../lib/paging';
import { storageFor } from '../../lib/storage';
import { recordAudit, type Actor } from '../audit';
import { memberLabel, memberNotFound } from '../members';
import { eraseElsewhere } from './privacy.by-address';
import * as repo from './privacy.repository';

/** The member of this business, or 404 (another business's member too). */
export const foundMember = async (exec: Executor, businessId: number, id: number, lock = false) => {
  const m = await repo.findMember(exec, businessId, id, lock);
  if (!m) throw memberNotFound();
  return m;
};

const labelOf = (m: repo.MemberRecord) =>
  memberLabel({ first_name: m.firstName, last_name: m.lastName, member_id: m.memberCode });

/**
 * Records the member's answer to "May {gym} send you offers and news?" (yes or no) in the
 * caller's executor: the member's current answer, a row of the history (who, when, how) and an
 * entry in the audit trail. The same answer again changes nothing. 404 for another business's member.
 */
export const setMarketingConsent = async (
  exec: Executor,
  businessId: number,
  memberId: number,
  choice: ConsentChoice,
  source: ConsentSource,
  actor: Actor,
): Promise<void> => {
  const m = await foundMember(exec, businessId, memberId, true);
  if (m.marketingConsent === choice) return;
  await repo.setConsent(exec, businessId, memberId, choice);
  await insertConsent(exec, {
    businessId,
    memberId,
    choice,
    source,
    userId: actor.kind === 'user' ? (actor.userId ?? null) : null,
    userName: actor.kind === 'user' ? (actor.name ?? null) : null,
  });
  await recordAudit(exec, actor, {
    businessId,
    action: 'member.consent',
    recordKind: 'member',
    recordId: memberId,
    recordLabel: labelOf(m),
    memberId,
    changes: { marketing_consent: { from: m.marketingConsent, to: choice } },
    detail: { source },
  });
};

/** Each time the member gave or withdrew consent, newest first. */
export const consentHistory = async (
  exec: Executor,
  businessId: number,
  memberId: number,
): Promise<Consent[]> => {
  await foundMember(exec, businessId, memberId);
  const rows = await repo.consentHistory(exec, businessId, memberId);
  return rows.map((r) => ({
    id: r.id,
    choice: r.choice as Consent['choice'],
    source: r.source as Consent['source'],
    user_name: r.userName,
    created_at: r.createdAt.toISOString(),
  }));
};

/**
 * The member asks to be erased (from their own page): one pending request per member, so asking
 * again while one waits changes nothing. Owners and admins see it on the dashboard.
 */
export const requestErasure = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
): Promise<{ status: 'pending' }> => {
  await ctx.db.transaction(async (tx) => {
    const m = await foundMember(tx, businessId, memberId, true);
    if (m.erasedAt) throw conflict(PRIVACY_MESSAGES.alreadyErased, 'MEMBER_ERASED');
    if (!(await repo.insertErasureRequest(tx, businessId, memberId))) return;
    await recordAudit(
      tx,
      { kind: 'member', name: labelOf(m) },
      {
        businessId,
        action: 'member.erasure_request',
        recordKind: 'member',
        recordId: memberId,
        recordLabel: labelOf(m),
        memberId,
      },
    );
  });
  return { status: 'pending' };
};

/** The erasure requests waiting for an owner or admin, newest first. */
export const listErasureRequests = async (
  ctx: AppContext,
  businessId: number,
  query: PageQuery,
): Promise<{ data: ErasureRequest[]; meta: PageMeta }> =>
  pageAnswer(
    query,
    await repo.pendingErasureRequests(ctx.db, businessId, pageWindow(query)),
    (r) => ({
      id: r.request.id,
      member: r.request.memberId,
      member_id: r.memberCode,
      member_name: `${r.firstName} ${r.lastName}`.trim(),
      status: r.request.status as ErasureRequest['status'],
      created_at: r.request.createdAt.toISOString(),
    }),
  );

/**
 * Erases a member's personal data (owners and admins), once `confirm` repeats the member ID.
 * The names become "Erased member IRON-00042"; phone, e-mail, address, date of birth, gender,
 * emergency contact, picture (the stored file too) and card are removed from the member and
 * from everywhere else Kora kept them (messages to them, reminders, payment links, transfer
 * account name, imported sheets, the member portal's codes and sessions, the audit trail's
 * details, the reasons staff gave for voiding, refunding or discounting their payments), and
 * whatever is addressed to their phone or e-mail, whichever record it is tied to (messages,
 * sign-in codes, rate-limit counters; unless another member still has that address). The card's
 * code then answers 404 everywhere (its page, the desk, kiosks, the desks' offline copies, which
 * drop the member), and no card is issued to them again. The account is deactivated and gets no
 * more messages. Payments, receipts, subscriptions and visits stay, attached to the erased
 * member, so every total is unchanged.
 * One transaction; the trail's own entry says who erased and when, never what was erased.
 */
export const eraseMember = async (
  ctx: AppContext,
  businessId: number,
  memberId: number,
  confirm: string,
  actor: Actor,
  log: { warn: (obj: object, msg: string) => void },
) => {
  const { picture, member } = await ctx.db.transaction(async (tx) => {
    const m = await foundMember(tx, businessId, memberId, true);
    if (confirm.trim().toUpperCase() !== m.memberCode.toUpperCase()) {
      const message = PRIVACY_MESSAGES.confirmErase(m.memberCode);
      throw new AppError(422, 'CONFIRMATION_MISMATCH', message, { confirm: message });
    }
    if (m.erasedAt) throw conflict(PRIVACY_MESSAGES.alreadyErased, 'MEMBER_ERASED');
    const lastName = erasedLastName(m.memberCode);
    const label = `${ERASED_FIRST_NAME} ${lastName}`;
    await repo.eraseMemberData(tx, businessId, m, {
      firstName: ERASED_FIRST_NAME,
      lastName,
      label,
    });
    await eraseElsewhere(tx, businessId, m);
    await repo.markRequestsDone(tx, businessId, memberId, actor.userId ?? null);
    await recordAudit(tx, actor, {
      businessId,
      action: 'member.erase',
      recordKind: 'member',
      recordId: memberId,
      recordLabel: `${label} (${m.memberCode})`,
      memberId,
    });
    return {
      picture: m.pictureUrl,
      member: {
        id: m.id,
        member_id: m.memberCode,
        first_name: ERASED_FIRST_NAME,
        last_name: lastName,
        is_active: false,
      },
    };
  });
  if (picture)
    await storageFor(ctx.config)
      .remove(picture)
      .catch((err: unknown) => log.warn({ err }, 'the erased member picture was not deleted'));
  return member;
};
