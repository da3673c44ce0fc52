import { BENEFIT_STATUS, BENEFIT_TYPE, NOTIFICATION_METHOD, NOTIFICATION_STATUS, PAN_TYPE } from '@ebt/core/enums';
import { fillMessage } from '@ebt/core/messages';
import { POS_NOTICES } from '@ebt/core/pos';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { NOTIFICATION_EVENT, RESPONSE_CODE, TRANSACTION_TYPE } from '../reference-data.js';
import {
  notificationPreferences,
  notifications,
  staffNotifications,
  transactionBenefits,
  transactions,
} from '../schema/index.js';
import { addDays, atLocalTime, daysBetween, localDay, money } from './calendar.js';
import { insertKeyed, insertRows } from './insert.js';
import type { Draw, World } from './model.js';
import { SIZES } from './model.js';
import { notAfter } from './people.js';
import type { Random } from './random.js';

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
 * Card activity over the last 365 days, in memory. Each event happens on a day a benefit of the account was
 * spendable, at one of the account's usual merchants. Events are replayed in time order against the benefits'
 * balances, spending the soonest-expiring benefit first, so every balance ends as its amount less approved
 * purchases plus refunds. About 4% are balance inquiries, 6% refunds of a recent purchase, 5% declined for
 * reasons other than money; a purchase larger than the balance either spends the card down or is declined (51).
 */
export function simulateTransactions(w: World): void {
  const { rng, now, today, account, benefit } = w;
  const canSpend = (bi: number) => {
    const b = benefit[bi]!;
    const a = account[b.accountIdx]!;
    return (
      b.statusId !== BENEFIT_STATUS.VOIDED &&
      b.availableDay <= today &&
      a.activePanIdx !== null &&
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

  const purchases = new Map<number, { day: string; merchantIdx: number; refundable: Draw[] }[]>();
  for (const e of events) {
    const a = account[e.accountIdx]!;
    const inWindow = a.benefitIdx
      .map((bi) => ({ b: benefit[bi]!, bi }))
      .filter(({ b }) => b.statusId !== BENEFIT_STATUS.VOIDED && b.availableDay <= e.day && e.day <= b.expirationDay)
      .sort((x, y) => x.b.expirationDay.localeCompare(y.b.expirationDay) || x.bi - y.bi);
    const total = inWindow.reduce((sum, { b }) => sum + b.balanceCents, 0);
    const base = {
      uuid: rng.uuid(),
      at: e.at,
      day: e.day,
      accountIdx: e.accountIdx,
      programIdx: a.programIdx,
      panIdx: a.activePanIdx!,
      merchantIdx: rng.pick(a.favoriteMerchants),
      startCents: total,
    };
    const history = purchases.get(e.accountIdx) ?? [];
    purchases.set(e.accountIdx, history);
    const roll = rng.next();
    if (roll < 0.04) {
      w.trx.push({
        ...base,
        typeId: TRANSACTION_TYPE.BALANCE_INQUIRY,
        respCodeId: RESPONSE_CODE.APPROVED,
        reqCents: 0,
        approved: true,
        endCents: total,
        draws: [],
      });
      continue;
    }
    if (roll < 0.1) {
      // A refund of a purchase of the last 30 days, back onto the benefits that paid for it while still valid.
      const original = history.filter((p) => daysBetween(p.day, e.day) <= 30 && p.refundable.length > 0).at(-1);
      if (original) {
        const draws: Draw[] = [];
        let want = rng.chance(0.5) ? Number.POSITIVE_INFINITY : priceCents(rng);
        for (const r of original.refundable) {
          const b = benefit[r.benefitIdx]!;
          if (b.expirationDay < e.day || want <= 0) continue;
          const cents = Math.min(r.cents, want);
          b.balanceCents += cents;
          want -= cents;
          draws.push({ benefitIdx: r.benefitIdx, cents });
        }
        original.refundable = [];
        if (draws.length > 0) {
          const refunded = draws.reduce((sum, d) => sum + d.cents, 0);
          w.trx.push({
            ...base,
            merchantIdx: original.merchantIdx,
            typeId: TRANSACTION_TYPE.REFUND,
            respCodeId: RESPONSE_CODE.APPROVED,
            reqCents: refunded,
            approved: true,
            endCents: total + refunded,
            draws,
          });
          continue;
        }
      }
    }
    let reqCents = priceCents(rng);
    if (roll > 0.95) {
      const respCodeId = rng.weighted(
        [
          RESPONSE_CODE.DO_NOT_HONOR,
          RESPONSE_CODE.NOT_PERMITTED,
          RESPONSE_CODE.INVALID_MERCHANT,
          RESPONSE_CODE.INVALID_AMOUNT,
          RESPONSE_CODE.SYSTEM_ERROR,
          RESPONSE_CODE.INVALID_CARD,
          RESPONSE_CODE.CARD_LOCKED,
          RESPONSE_CODE.LOST_CARD,
          RESPONSE_CODE.STOLEN_CARD,
          RESPONSE_CODE.BENEFITS_EXPIRED,
          RESPONSE_CODE.DUPLICATE,
          RESPONSE_CODE.ORIGINAL_NOT_FOUND,
        ],
        [4, 2, 1, 1, 1, 1, 2, 1, 1, 2, 1, 1],
      );
      w.trx.push({
        ...base,
        // A reversal the host cannot match to a purchase is declined with 25 (original not found).
        typeId:
          respCodeId === RESPONSE_CODE.ORIGINAL_NOT_FOUND
            ? TRANSACTION_TYPE.PURCHASE_REVERSAL
            : TRANSACTION_TYPE.PURCHASE,
        respCodeId,
        reqCents,
        approved: false,
        endCents: total,
        draws: [],
      });
      continue;
    }
    if (reqCents > total && total > 0 && rng.chance(0.6)) reqCents = total; // spends the card down to zero
    if (reqCents > total) {
      w.trx.push({
        ...base,
        typeId: TRANSACTION_TYPE.PURCHASE,
        respCodeId: RESPONSE_CODE.INSUFFICIENT_FUNDS,
        reqCents,
        approved: false,
        endCents: total,
        draws: [],
      });
      continue;
    }
    const draws: Draw[] = [];
    let left = reqCents;
    for (const { b, bi } of inWindow) {
      const cents = Math.min(b.balanceCents, left);
      if (cents === 0) continue;
      b.balanceCents -= cents;
      left -= cents;
      draws.push({ benefitIdx: bi, cents });
    }
    w.trx.push({
      ...base,
      typeId: TRANSACTION_TYPE.PURCHASE,
      respCodeId: RESPONSE_CODE.APPROVED,
      reqCents,
      approved: true,
      endCents: total - reqCents,
      draws,
      delivered: rng.chance(0.03),
    });
    // About 2% of approved purchases are reversed by the terminal within minutes (a timeout, a cancelled sale):
    // the reversal puts the amount back on the benefits it came from.
    if (rng.chance(0.02) || (e.accountIdx === w.r01 && !w.trx.some((x) => x.reversalOf))) {
      for (const d of draws) benefit[d.benefitIdx]!.balanceCents += d.cents;
      const at = new Date(e.at.getTime() + rng.int(30, 240) * 1000);
      w.trx.push({
        ...base,
        uuid: rng.uuid(),
        at,
        day: localDay(at),
        typeId: TRANSACTION_TYPE.PURCHASE_REVERSAL,
        respCodeId: RESPONSE_CODE.APPROVED,
        reqCents,
        approved: true,
        startCents: total - reqCents,
        endCents: total,
        draws: draws.map((d) => ({ ...d })),
        reversalOf: base.uuid,
      });
      continue;
    }
    history.push({ day: e.day, merchantIdx: base.merchantIdx, refundable: draws.map((d) => ({ ...d })) });
  }
}

/** Writes the transactions with the terminal details a card network would send, and which benefits each touched. */
export async function writeTransactions(tx: Tx, w: World): Promise<void> {
  const { rng, today } = w;
  const ids = await insertKeyed(
    tx,
    transactions,
    w.trx.map((t, n) => {
      const m = w.merchant[t.merchantIdx]!;
      const p = w.pan[t.panIdx]!;
      const entryMode =
        p.typeId === PAN_TYPE.VIRTUAL ? '071' : p.typeId === PAN_TYPE.MANUAL ? '012' : rng.pick(['051', '901']);
      const a = w.account[t.accountIdx]!;
      // A balance inquiry by phone has no point of sale, so no place on the map.
      const located = t.typeId !== TRANSACTION_TYPE.BALANCE_INQUIRY;
      return {
        uuid: t.uuid,
        trxDatetime: t.at,
        programId: w.program[t.programIdx]!.id,
        agencyId: a.agencyIdx === null ? null : w.agency[a.agencyIdx]!.id,
        accountId: a.id,
        panId: p.id,
        merchantId: m.id,
        trxTypeId: t.typeId,
        respCodeId: t.respCodeId,
        reqAmt: money(t.reqCents),
        settleAmt: t.approved ? money(t.reqCents) : null,
        settleDate: t.approved ? t.day : null,
        authNumber: t.approved ? rng.digits(6) : null,
        traceNumber: String(400_000_000_000 + n * 7 + rng.int(0, 6)),
        mcc: m.mcc,
        terminalId: m.terminalId,
        panEntryMode: entryMode,
        posConditionCode: '00',
        aiCode: '60110000001',
        apiVersion: t.day < addDays(today, -180) ? '2.0' : '2.1',
        additionalResponseText:
          t.respCodeId === RESPONSE_CODE.INSUFFICIENT_FUNDS ? `Available balance ${money(t.startCents)}` : null,
        deliveryAddress: t.delivered ? `${a.address1}, ${a.town.city}, CT ${a.zipcode}` : null,
        locationAddress: located ? `${m.address1}, ${m.town.city}, CT ${m.zipcode}` : null,
        latitude: located ? m.latitude.toFixed(6) : null,
        longitude: located ? m.longitude.toFixed(6) : null,
        reversedAt: null as Date | null,
        startBalance: money(t.startCents),
        endBalance: money(t.endCents),
        createdAt: t.at,
      };
    }),
    transactions.uuid,
    transactions.id,
  );
  // Reversals name the purchase they reverse, known by id only now; the purchase records when it was reversed.
  const reversals = w.trx.filter((t) => t.reversalOf !== undefined);
  if (reversals.length > 0) {
    const pairs = sql.join(
      reversals.map(
        (r) => sql`(${ids.get(r.uuid) ?? 0}::bigint, ${ids.get(r.reversalOf!) ?? 0}::bigint, ${r.at.toISOString()})`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      with pair(reversal_id, original_id, at) as (values ${pairs})
      update ${transactions} set
        reversal_of_id = case when ${transactions.id} = pair.reversal_id then pair.original_id else reversal_of_id end,
        reversed_at = case when ${transactions.id} = pair.original_id then pair.at::timestamptz else reversed_at end
      from pair where ${transactions.id} in (pair.reversal_id, pair.original_id)`);
  }
  await insertRows(
    tx,
    transactionBenefits,
    w.trx.flatMap((t) =>
      t.draws.map((d) => ({
        transactionId: ids.get(t.uuid) ?? 0,
        benefitId: w.benefit[d.benefitIdx]!.id,
        amount: money(d.cents),
      })),
    ),
  );
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
    statusId: number;
    notifiedDate: Date;
    createdAt: Date;
  };
  const rows: Row[] = [];
  const dollars = (cents: number) => `$${money(cents)}`;
  const push = (ai: number, eventId: number, text: string, at: Date, recentUnreadDays: number) => {
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
      statusId,
      notifiedDate: when,
      createdAt: when,
    });
  };
  const benefitNotices = (ai: number, recentUnreadDays: number) => {
    for (const bi of account[ai]!.benefitIdx) {
      const b = benefit[bi]!;
      if (!b.notified) continue;
      const programName = w.program[b.programIdx]!.name;
      if (b.typeId === BENEFIT_TYPE.INCENTIVE) {
        const text = `You earned an incentive of ${dollars(b.amountCents)} in ${programName}. It can be used from ${b.availableDay} until ${b.expirationDay}.`;
        push(ai, NOTIFICATION_EVENT.INCENTIVE_EARNED, text, b.createdAt, recentUnreadDays);
      } else {
        const text = `A benefit of ${dollars(b.amountCents)} from ${programName} is available from ${b.availableDay} until ${b.expirationDay}.`;
        push(ai, NOTIFICATION_EVENT.BENEFIT_ISSUED, text, b.createdAt, recentUnreadDays);
      }
      if (b.statusId === BENEFIT_STATUS.VOIDED) {
        const text = `Benefit ${b.authorizationNumber} of ${dollars(b.amountCents)} was voided.`;
        push(
          ai,
          NOTIFICATION_EVENT.BENEFIT_VOIDED,
          text,
          new Date(b.createdAt.getTime() + 3 * 86_400_000),
          recentUnreadDays,
        );
      }
      if (
        b.statusId === BENEFIT_STATUS.ISSUED &&
        b.balanceCents > 0 &&
        b.expirationDay >= today &&
        daysBetween(today, b.expirationDay) <= 14
      ) {
        const text = `Your benefit ${b.authorizationNumber} expires on ${b.expirationDay}. Remaining balance: ${dollars(b.balanceCents)}.`;
        push(ai, NOTIFICATION_EVENT.BENEFIT_EXPIRING, text, atLocalTime(addDays(b.expirationDay, -14), 7, 0), 14);
      }
      if (b.statusId === BENEFIT_STATUS.EXPIRED && b.balanceCents > 0) {
        const text = `Your benefit ${b.authorizationNumber} expired on ${b.expirationDay} with ${dollars(b.balanceCents)} unused.`;
        push(
          ai,
          NOTIFICATION_EVENT.BENEFIT_EXPIRED,
          text,
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
        (t.accountIdx === w.r01 || t.accountIdx === w.r01b) && t.typeId === TRANSACTION_TYPE.PURCHASE && t.approved,
    )
    .slice(-6);
  for (const t of r01Purchases) {
    // The alert's own words (core POS_NOTICES, as the engine writes it), so a Spanish page can translate it.
    const text = fillMessage(POS_NOTICES.PURCHASE, {
      amount: dollars(t.reqCents),
      last4: w.pan[t.panIdx]!.pan.slice(-4),
      merchant: w.merchant[t.merchantIdx]!.name,
      program: w.program[t.programIdx]!.name,
      balance: dollars(t.endCents),
    });
    push(t.accountIdx, NOTIFICATION_EVENT.PURCHASE, text, t.at, 7);
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
