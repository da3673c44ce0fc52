import { ACCOUNT_STATUS, BENEFIT_STATUS, NOTIFICATION_METHOD, NOTIFICATION_STATUS, PAN_STATUS } from '@ebt/core/enums';
import { BENEFIT_LIFE_CYCLE_MESSAGES } from '@ebt/core/benefits';
import { MESSAGES_ES, spanishNoticeDate, spanishNoticeMoney } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import { POS_NOTICES } from '@ebt/core/pos';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { NOTIFICATION_EVENT, RESPONSE_CODE, TRANSACTION_TYPE } from '../db/reference-data.js';
import { noticeMessage } from '../modules/benefits/index.js';
import { writeTransactions as writeRecords } from '../modules/pos/index.js';
import { notificationPreferences, notifications, staffNotifications, transactions } from '../db/schema/index.js';
import { addDays, atLocalTime, daysBetween, localDay, money } from './calendar.js';
import { insertRows } from './insert.js';
import type { World } from './model.js';
import { SIZES } from './model.js';
import { notAfter } from './people.js';
import type { Random } from './random.js';
import { createReplay, type PurchaseState } from './replay.js';

/** Farm-stand baskets: mostly a few dollars, sometimes a larger purchase, in quarter-dollar steps. */
function priceCents(rng: Random): number {
  const [low, high] = rng.weighted(
    [
      [1, 8],
      [8, 20],
      [20, 45],
    ],
    [5, 4, 1],
  ) as [number, number];
  return Math.max(100, Math.round(rng.int(low * 100, high * 100) / 25) * 25);
}

/**
 * Card activity over the last 365 days: what happens is decided here, what comes of it by the transaction engine's
 * rules (replay.ts, decision 0079). Each event happens on a day a benefit of the account was spendable, at one of the
 * account's usual merchants, with the account's Active card. About 4% are balance inquiries, 6% refunds of a recent
 * purchase, 5% attempts the engine refuses (the account's old card, or an amount over the maximum); the rest are
 * purchases, most terminals accepting a partial approval, and about 2% of approved ones are reversed by the terminal
 * within minutes (a timeout, a cancelled sale).
 */
export function simulateTransactions(w: World): void {
  const { rng, now, today, account, benefit } = w;
  const canSpend = (bi: number) => {
    const b = benefit[bi]!;
    const a = account[b.accountIdx]!;
    return (
      b.statusId !== BENEFIT_STATUS.VOIDED &&
      b.availableDay <= today &&
      a.statusId === ACCOUNT_STATUS.ACTIVE &&
      a.activePanIdx !== null &&
      w.pan[a.activePanIdx]!.statusId === PAN_STATUS.ACTIVE &&
      a.favoriteMerchants.length > 0
    );
  };
  const spendable = benefit.map((_, i) => i).filter(canSpend);
  const events: { accountIdx: number; at: Date; day: string }[] = [];
  const addEvent = (bi: number) => {
    const b = benefit[bi]!;
    const last = b.expirationDay < today ? b.expirationDay : today;
    const day = addDays(b.availableDay, rng.int(0, Math.max(0, daysBetween(b.availableDay, last))));
    let at = atLocalTime(day, rng.int(8, 17), rng.int(0, 59), rng.int(0, 59));
    if (at > now) at = new Date(now.getTime() - rng.int(1, 60) * 60_000);
    events.push({ accountIdx: b.accountIdx, at, day: localDay(at) });
  };
  // recipient01 shops regularly; everyone else's activity is spread over all spendable benefits.
  for (const bi of account[w.r01]!.benefitIdx.filter(canSpend)) for (let k = 0; k < 4; k++) addEvent(bi);
  while (events.length < SIZES.transactionEvents) addEvent(rng.pick(spendable));
  events.sort((x, y) => x.at.getTime() - y.at.getTime());

  const replay = createReplay(w);
  const purchases = new Map<number, PurchaseState[]>();
  let trace = 400_000_000_000;
  let r01Reversed = false;
  for (const e of events) {
    const a = account[e.accountIdx]!;
    const call = {
      accountIdx: e.accountIdx,
      panIdx: a.activePanIdx!,
      merchantIdx: rng.pick(a.favoriteMerchants),
      at: e.at,
      day: e.day,
      traceNumber: String((trace += rng.int(1, 7))),
    };
    const history = purchases.get(e.accountIdx) ?? [];
    purchases.set(e.accountIdx, history);
    const roll = rng.next();
    if (roll < 0.04) {
      replay.balanceInquiry(call);
      continue;
    }
    if (roll < 0.1) {
      // A refund of a purchase of the last 30 days, at the merchant that sold it: all that is left of it, or a part.
      const original = history.filter((p) => daysBetween(p.day, e.day) <= 30 && !p.reversed).at(-1);
      const left = original ? original.record.settleCents! - original.paid.reduce((s, x) => s + x.refundedCents, 0) : 0;
      if (original && left > 0) {
        const amount = rng.chance(0.5) ? left : Math.min(left, priceCents(rng));
        replay.refund({ ...call, merchantIdx: original.merchantIdx }, original, amount);
        continue;
      }
    }
    const reqCents = priceCents(rng);
    if (roll > 0.95) {
      const old = w.pan.findIndex((p, pi) => p.accountIdx === e.accountIdx && pi !== a.activePanIdx);
      if (old >= 0) replay.purchase({ ...call, panIdx: old }, reqCents, reqCents, false);
      // A keying slip: a thousand dollars more than meant, over the engine's maximum.
      else replay.purchase(call, reqCents + 100_000, reqCents + 100_000, false);
      continue;
    }
    // At a farmers' market everything is fresh produce; in the SNAP program only a part of the basket is.
    const eligible = a.programIdx === 0 ? reqCents : Math.round((reqCents * rng.int(3, 10)) / 10 / 25) * 25;
    const p = replay.purchase(call, reqCents, eligible, rng.chance(0.6));
    if (!p) continue;
    if (rng.chance(0.03)) w.trx.find((t) => t.record.uuid === p.record.uuid)!.delivered = true;
    if (rng.chance(0.02) || (e.accountIdx === w.r01 && !r01Reversed)) {
      r01Reversed ||= e.accountIdx === w.r01;
      const at = new Date(e.at.getTime() + rng.int(30, 240) * 1000);
      replay.reversal({ ...call, at, day: localDay(at) }, p);
      continue;
    }
    history.push(p);
  }
}

/**
 * Writes the card history with the engine's writer (modules/pos/records.ts writeTransactions: the rows, the balance
 * changes, the benefits each touched), in time order and in batches, then the links between rows (an accrual's
 * purchase, a clawback's accrual, a reversal's original), known by id only once written.
 */
export async function writeTransactions(tx: Tx, w: World): Promise<void> {
  const BATCH = 1000;
  for (let i = 0; i < w.trx.length; i += BATCH) {
    const part = w.trx.slice(i, i + BATCH);
    await writeRecords(
      tx,
      part.map((t) => t.record),
      part.flatMap((t) =>
        t.draws.map((d) => ({
          trxUuid: t.record.uuid,
          benefitId: w.benefit[d.benefitIdx]!.id,
          deltaCents: d.deltaCents,
          amountCents: d.cents,
          originalBenefitId: d.originalBenefitIdx === undefined ? null : w.benefit[d.originalBenefitIdx]!.id,
        })),
      ),
    );
  }
  const reversedAt = new Map<string, Date>();
  for (const t of w.trx)
    if (t.reversalOf && t.record.respCodeId === RESPONSE_CODE.APPROVED)
      reversedAt.set(t.reversalOf, t.record.trxDatetime);
  const links = w.trx.filter(
    (t) => t.originalUuid || t.causedByUuid || t.reversalOf || t.delivered || reversedAt.has(t.record.uuid),
  );
  for (let i = 0; i < links.length; i += BATCH) {
    const rows = sql.join(
      links.slice(i, i + BATCH).map((t) => {
        const a = w.account[t.accountIdx]!;
        const delivery = t.delivered ? `${a.address1}, ${a.town.city}, CT ${a.zipcode}` : null;
        return sql`(${t.record.uuid}::uuid, ${t.originalUuid ?? null}::uuid, ${t.causedByUuid ?? null}::uuid,
          ${t.reversalOf ?? null}::uuid, ${reversedAt.get(t.record.uuid)?.toISOString() ?? null}::timestamptz,
          ${delivery}::text)`;
      }),
      sql`, `,
    );
    await tx.execute(sql`
      with link(uuid, original, caused, reversal_of, reversed_at, delivery) as (values ${rows})
      update ${transactions} t set
        original_id = coalesce(o.id, t.original_id), caused_by_id = coalesce(c.id, t.caused_by_id),
        reversal_of_id = coalesce(r.id, t.reversal_of_id), reversed_at = coalesce(link.reversed_at, t.reversed_at),
        delivery_address = coalesce(link.delivery, t.delivery_address)
      from link
        left join ${transactions} o on o.uuid = link.original
        left join ${transactions} c on c.uuid = link.caused
        left join ${transactions} r on r.uuid = link.reversal_of
      where t.uuid = link.uuid`);
  }
}

/**
 * Notifications that follow from the data: benefit issued or incentive earned, voided, expiring soon, expired;
 * recipient01 also gets purchase notices, and its four newest are unread so the badge shows a count. 150 other
 * recipients get theirs too. Preferences for recipient01 and 80 others.
 */
export async function seedNotifications(tx: Tx, w: World): Promise<number> {
  const { rng, now, today, account, benefit } = w;
  type Row = {
    uuid: string;
    accountId: number;
    eventId: number;
    text: string;
    textEs: string;
    statusId: number;
    notifiedDate: Date;
    createdAt: Date;
  };
  const rows: Row[] = [];
  const dollars = (cents: number) => `$${money(cents)}`;
  // The notices in both languages, as the product writes them (issue-effects.ts, the life-cycle jobs, the engine):
  // dates and amounts in the Spanish as es-US writes them.
  const LIFE_ES = MESSAGES_ES.BENEFIT_LIFE_CYCLE_MESSAGES;
  const push = (
    ai: number,
    eventId: number,
    { text, es }: { text: string; es: string },
    at: Date,
    recentUnreadDays: number,
  ) => {
    const when = notAfter(at, now);
    const ageDays = (now.getTime() - when.getTime()) / 86_400_000;
    const statusId =
      ageDays <= recentUnreadDays
        ? NOTIFICATION_STATUS.UNREAD
        : rng.chance(0.1)
          ? NOTIFICATION_STATUS.DISMISSED
          : NOTIFICATION_STATUS.READ;
    rows.push({
      uuid: rng.uuid(),
      accountId: account[ai]!.id,
      eventId,
      text,
      textEs: es,
      statusId,
      notifiedDate: when,
      createdAt: when,
    });
  };
  const lifeCycleNotice = (
    b: { authorizationNumber: string; expirationDay: string; balanceCents: number },
    kind: 'NOTIFICATION_EXPIRING' | 'NOTIFICATION_EXPIRED_UNSPENT',
  ) => ({
    text: fillMessage(BENEFIT_LIFE_CYCLE_MESSAGES[kind], {
      authNumber: b.authorizationNumber,
      expirationDate: b.expirationDay,
      amount: dollars(b.balanceCents),
    }),
    es: fillMessage(LIFE_ES[kind]!, {
      authNumber: b.authorizationNumber,
      expirationDate: spanishNoticeDate(b.expirationDay),
      amount: spanishNoticeMoney(b.balanceCents / 100),
    }),
  });
  const benefitNotices = (ai: number, recentUnreadDays: number) => {
    for (const bi of account[ai]!.benefitIdx) {
      const b = benefit[bi]!;
      if (!b.notified) continue;
      // The words the product writes (issue-effects.ts noticeMessage, core's messages), so a Spanish page translates
      // them: the issued or incentive notice by the benefit's type, and the void's.
      const notice = {
        typeId: b.typeId,
        authNumber: b.authorizationNumber,
        amount: money(b.amountCents),
        availableDate: b.availableDay,
        expirationDate: b.expirationDay,
        programName: w.program[b.programIdx]!.name,
      };
      const issued = noticeMessage(notice, 'issued');
      push(ai, issued.event, { text: issued.text, es: issued.es.text }, b.createdAt, recentUnreadDays);
      if (b.statusId === BENEFIT_STATUS.VOIDED) {
        const voided = noticeMessage(notice, 'voided');
        const at = new Date(b.createdAt.getTime() + 3 * 86_400_000);
        push(ai, voided.event, { text: voided.text, es: voided.es.text }, at, recentUnreadDays);
      }
      if (
        b.statusId === BENEFIT_STATUS.ISSUED &&
        b.balanceCents > 0 &&
        b.expirationDay >= today &&
        daysBetween(today, b.expirationDay) <= 14
      ) {
        const notice = lifeCycleNotice(b, 'NOTIFICATION_EXPIRING');
        push(ai, NOTIFICATION_EVENT.BENEFIT_EXPIRING, notice, atLocalTime(addDays(b.expirationDay, -14), 7, 0), 14);
      }
      if (b.statusId === BENEFIT_STATUS.EXPIRED && b.balanceCents > 0) {
        push(
          ai,
          NOTIFICATION_EVENT.BENEFIT_EXPIRED,
          lifeCycleNotice(b, 'NOTIFICATION_EXPIRED_UNSPENT'),
          atLocalTime(addDays(b.expirationDay, 1), 2, 0),
          recentUnreadDays,
        );
      }
    }
  };

  benefitNotices(w.r01, 21);
  benefitNotices(w.r01b, 21);
  const r01Ids = new Set([account[w.r01]!.id, account[w.r01b]!.id]);
  const r01Purchases = w.trx
    .filter(
      (t) =>
        (t.accountIdx === w.r01 || t.accountIdx === w.r01b) &&
        t.record.trxTypeId === TRANSACTION_TYPE.PURCHASE &&
        t.record.respCodeId === RESPONSE_CODE.APPROVED,
    )
    .slice(-6);
  for (const t of r01Purchases) {
    // The alert's own words (core POS_NOTICES, as the engine writes it), so a Spanish page can translate it.
    const values = {
      last4: w.pan[t.panIdx]!.pan.slice(-4),
      merchant: w.merchant[t.merchantIdx]!.name,
      program: w.program[t.programIdx]!.name,
    };
    const text = fillMessage(POS_NOTICES.PURCHASE, {
      ...values,
      amount: dollars(t.record.settleCents!),
      balance: dollars(t.record.endBalanceCents!),
    });
    const es = fillMessage(MESSAGES_ES.POS_NOTICES.PURCHASE!, {
      ...values,
      amount: spanishNoticeMoney(t.record.settleCents! / 100),
      balance: spanishNoticeMoney(t.record.endBalanceCents! / 100),
    });
    push(t.accountIdx, NOTIFICATION_EVENT.PURCHASE, { text, es }, t.record.trxDatetime, 7);
  }
  rows
    .filter((r) => r01Ids.has(r.accountId))
    .sort((x, y) => y.notifiedDate.getTime() - x.notifiedDate.getTime())
    .slice(0, 4)
    .forEach((r) => (r.statusId = NOTIFICATION_STATUS.UNREAD));
  const others = account.map((_, i) => i).filter((i) => i > w.r01b && account[i]!.benefitIdx.length > 0);
  for (const ai of rng.shuffle(others).slice(0, 150)) benefitNotices(ai, 10);
  await insertRows(tx, notifications, rows);

  const { EMAIL, SMS } = NOTIFICATION_METHOD;
  const r01 = account[w.r01]!.id;
  const preferences: { accountId: number; eventId: number; methodId: number }[] = [
    { accountId: r01, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: EMAIL },
    { accountId: r01, eventId: NOTIFICATION_EVENT.BENEFIT_EXPIRING, methodId: EMAIL },
    { accountId: r01, eventId: NOTIFICATION_EVENT.BENEFIT_EXPIRING, methodId: SMS },
    { accountId: r01, eventId: NOTIFICATION_EVENT.PURCHASE, methodId: SMS },
  ];
  const events = [NOTIFICATION_EVENT.BENEFIT_ISSUED, NOTIFICATION_EVENT.BENEFIT_EXPIRING, NOTIFICATION_EVENT.PURCHASE];
  for (const ai of rng.shuffle(account.map((_, i) => i).filter((i) => i > w.r01b)).slice(0, 80)) {
    for (const eventId of rng.shuffle(events).slice(0, rng.int(1, 3))) {
      preferences.push({ accountId: account[ai]!.id, eventId, methodId: rng.chance(0.7) ? EMAIL : SMS });
    }
  }
  await insertRows(tx, notificationPreferences, preferences);
  return rows.length;
}

/**
 * Staff notifications of the demo's program and agency admins (decision 0043), so the header's bell has something
 * to show: a funding alert for each agency of theirs past its alert threshold in the demo's story, one read.
 */
export async function seedStaffNotifications(tx: Tx, w: World): Promise<number> {
  const staff = w.user.filter((u) => u.username === 'progadmin01' || u.username === 'agencyadmin01');
  const rows = staff.flatMap((u, ui) => [
    {
      userId: u.id,
      topic: 'agency-funding',
      text: 'Agency Hartford Senior Center has issued 91% of its funding amount ($45,500.00 of $50,000.00).',
      statusId: NOTIFICATION_STATUS.UNREAD,
      notifiedDate: new Date(w.now.getTime() - (2 + ui) * 3_600_000),
    },
    {
      userId: u.id,
      topic: 'agency-funding',
      text: 'Agency New Haven Farmers Market Program has issued 90% of its funding amount ($27,000.00 of $30,000.00).',
      statusId: NOTIFICATION_STATUS.READ,
      notifiedDate: new Date(w.now.getTime() - (30 + ui) * 3_600_000),
    },
  ]);
  if (rows.length > 0) await tx.insert(staffNotifications).values(rows);
  return rows.length;
}
