import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  AGENCY_FUNDING_ALERT_PCT_KEY,
  AGENCY_FUNDING_ENFORCE_KEY,
  AGENCY_MESSAGES,
  fundingAlertPct,
  fundingEnforced,
  fundingExceeded,
  fundingThresholdReached,
} from '@ebt/core/agencies';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { formatMoney, toCents, todayIn } from '@ebt/core/format';
import { dataMessage, fillMessage } from '@ebt/core/messages';
import type { DbOrTx } from '../db/client.js';
import { agencies, programs, staffNotifications, userAgencies, userPrograms, users } from '../db/schema/index.js';
import { recordAudit } from './audit.js';
import { configValueInForce } from './config-values.js';
import { issuedOfAgency } from './issuance-totals.js';
import type { RequestContext } from './context.js';
import { AppError } from './errors.js';
import { queueMessages } from './outbox.js';
import { staffEmail } from './notice-mail.js';
import { noticeBaseUrl } from './recipient-notices.js';

// Agency funding (B§9 fundingAlert; docs/decisions/0029-agency-funding-alerts.md). Benefits issued to an agency (the
// funding roll-up, platform/issuance-totals.ts) count against its funding amount. Called in the transaction that
// changed the roll-up (issue, file import, void, a benefit moved between agencies) and by the agency update, after the
// roll-up: it locks the agencies' rows in id order, then
// - with agency.funding.enforce on and `enforce` set (an issuance), refuses an issuance that takes an agency past its
//   funding amount (409), so the whole change rolls back;
// - sends the funding alert once per crossing: when the issued total reaches agency.funding.alertPct percent (default
//   90) of the funding amount and the agency's fundingAlert is 1, program admins of its program and its agency admins
//   get a staff notification and an e-mail (outbox), and agencies.funding_alerted_at is set; while it is set no
//   alert goes out, and it is cleared when the total falls below the threshold again (voids, a larger amount), which
//   re-arms the alert. The agency row lock makes "once" hold across concurrent issuances and server instances.

export const FUNDING_ALERT_TOPIC = 'agency-funding';

type FundingContext = Pick<RequestContext, 'now' | 'log' | 'caller' | 'ip' | 'requestId' | 'config'>;

const LIVE_STATUSES = [USER_STATUS.PENDING, USER_STATUS.REGISTERED, USER_STATUS.ENABLED];

/**
 * Checks the funding of the agencies named (null ids and duplicates are ignored). `enforce`: the change issues
 * benefits, so agency.funding.enforce applies to it; a set: only to those agencies (the ones whose issued total the
 * change raises; a change that does not raise an agency's total is never refused).
 */
export async function checkAgencyFunding(
  tx: DbOrTx,
  ctx: FundingContext,
  agencyIds: readonly (number | null)[],
  options: { enforce: boolean | ReadonlySet<number> },
): Promise<void> {
  const ids = [...new Set(agencyIds.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  // Two statements (decision 0029): the agency rows are locked first, then the totals are read. Under READ COMMITTED
  // a statement that waited for a lock keeps the snapshot it started with for every other row, so a total summed in
  // the locking statement would miss what a concurrent issuance to the agency (from another funding source, another
  // roll-up row) committed while this one waited: both could pass enforcement, and the alert be missed or doubled.
  // The second statement takes a new snapshot, taken after the lock was granted.
  const locked = await tx
    .select({ id: agencies.id })
    .from(agencies)
    .where(inArray(agencies.id, ids))
    .orderBy(asc(agencies.id))
    .for('no key update');
  if (locked.length === 0) return;
  const rows = await tx
    .select({
      id: agencies.id,
      uuid: agencies.uuid,
      name: agencies.name,
      programId: agencies.programId,
      programName: programs.name,
      timeZone: programs.timeZone,
      fundingAmount: agencies.fundingAmount,
      fundingAlert: agencies.fundingAlert,
      fundingAlertedAt: agencies.fundingAlertedAt,
      // Exact: the folded roll-up plus the journal rows not folded yet, this transaction's own among them.
      issued: issuedOfAgency(sql`${agencies.id}`),
    })
    .from(agencies)
    .innerJoin(programs, eq(programs.id, agencies.programId))
    .where(inArray(agencies.id, ids))
    .orderBy(asc(agencies.id));

  // Re-arm first: an agency whose alert went out and that is now below the threshold, or has no funding amount any
  // more (cleared on update), is armed again, so the crossing after a new amount alerts.
  const funded = rows.filter((r) => r.fundingAmount !== null);
  const today = todayIn((funded[0] ?? rows[0])?.timeZone ?? ctx.config.defaultTimeZone, ctx.now());
  const pct =
    funded.length === 0 ? 0 : fundingAlertPct(await configValueInForce(tx, AGENCY_FUNDING_ALERT_PCT_KEY, today));
  const reached = (r: (typeof rows)[number]) =>
    r.fundingAmount !== null && fundingThresholdReached(toCents(r.issued), toCents(r.fundingAmount), pct);
  const rearm = rows.filter((r) => r.fundingAlertedAt !== null && !reached(r));
  if (rearm.length > 0)
    await tx
      .update(agencies)
      .set({ fundingAlertedAt: null })
      .where(
        inArray(
          agencies.id,
          rearm.map((r) => r.id),
        ),
      );
  // Agencies without a funding amount have nothing to count against: no more configuration read for them.
  if (funded.length === 0) return;

  const enforced = (id: number) => (typeof options.enforce === 'boolean' ? options.enforce : options.enforce.has(id));
  if (
    funded.some((r) => enforced(r.id)) &&
    fundingEnforced(await configValueInForce(tx, AGENCY_FUNDING_ENFORCE_KEY, today))
  ) {
    const over = funded.find((r) => enforced(r.id) && fundingExceeded(toCents(r.issued), toCents(r.fundingAmount)));
    if (over) throw AppError.conflict(dataMessage(AGENCY_MESSAGES.FUNDING_EXCEEDED, { agency: over.name }));
  }

  const alert = funded.filter((r) => r.fundingAlert === 1 && r.fundingAlertedAt === null && reached(r));
  if (alert.length === 0) return;
  const now = ctx.now();
  await tx
    .update(agencies)
    .set({ fundingAlertedAt: now })
    .where(
      inArray(
        agencies.id,
        alert.map((r) => r.id),
      ),
    );
  const people = await alertRecipients(
    tx,
    alert.map((r) => ({ agencyId: r.id, programId: r.programId })),
  );
  const notices = alert.flatMap((a) => {
    const values = {
      agency: a.name,
      program: a.programName,
      pct,
      issued: formatMoney(a.issued),
      funding: formatMoney(a.fundingAmount),
    };
    const text = fillMessage(AGENCY_MESSAGES.FUNDING_ALERT_TEXT, values);
    const subject = fillMessage(AGENCY_MESSAGES.FUNDING_ALERT_SUBJECT, values);
    return people
      .filter((p) => p.agencyId === a.id || p.programId === a.programId)
      .map((p) => ({ userId: p.userId, email: p.email, text, subject }));
  });
  // One person may be both a program admin and an agency admin of the agency: one notice each.
  const unique = [...new Map(notices.map((n) => [`${n.userId}:${n.text}`, n])).values()];
  if (unique.length > 0) {
    await tx
      .insert(staffNotifications)
      .values(unique.map((n) => ({ userId: n.userId, topic: FUNDING_ALERT_TOPIC, text: n.text, notifiedDate: now })));
    const base = noticeBaseUrl(ctx);
    await queueMessages(
      tx,
      ctx,
      unique.map((n) => ({
        channel: 'email',
        to: n.email,
        ...staffEmail(base, n.subject, n.text),
        kind: 'agency-funding',
      })),
    );
  }
  await recordAudit(
    tx,
    ctx,
    alert.map((a) => ({
      action: 'funding-alert',
      entity: 'agency',
      entityId: a.uuid,
      before: { fundingAlertedAt: null },
      after: { fundingAlertedAt: now.toISOString(), alertPct: pct, issuedAmount: a.issued, recipients: people.length },
    })),
  );
}

/**
 * The live program admins of the agencies' programs and the live agency admins of the agencies: one statement, two
 * index probes (user_programs by program, user_agencies by agency).
 */
async function alertRecipients(tx: DbOrTx, places: { agencyId: number; programId: number }[]) {
  const agencyIds = places.map((p) => p.agencyId);
  const programIds = [...new Set(places.map((p) => p.programId))];
  const programAdmins = tx
    .select({
      userId: users.id,
      email: users.email,
      agencyId: sql<number | null>`null::int`.as('agency_id'),
      programId: sql<number | null>`${userPrograms.programId}`.as('program_id'),
    })
    .from(userPrograms)
    .innerJoin(users, eq(users.id, userPrograms.userId))
    .where(
      and(
        inArray(userPrograms.programId, programIds),
        eq(users.roleId, ROLE.PROGRAM_ADMIN),
        inArray(users.statusId, LIVE_STATUSES),
      ),
    );
  const agencyAdmins = tx
    .select({
      userId: users.id,
      email: users.email,
      agencyId: sql<number | null>`${userAgencies.agencyId}`.as('agency_id'),
      programId: sql<number | null>`null::int`.as('program_id'),
    })
    .from(userAgencies)
    .innerJoin(users, eq(users.id, userAgencies.userId))
    .where(
      and(
        inArray(userAgencies.agencyId, agencyIds),
        eq(users.roleId, ROLE.AGENCY_ADMIN),
        inArray(users.statusId, LIVE_STATUSES),
      ),
    );
  return programAdmins.unionAll(agencyAdmins);
}
