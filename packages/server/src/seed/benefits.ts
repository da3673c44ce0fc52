import { ACCOUNT_STATUS, BENEFIT_STATUS, BENEFIT_TYPE } from '@ebt/core/enums';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { benefits, recipientIncentives } from '../db/schema/index.js';
import { addDays, atLocalTime, daysBetween, money } from './calendar.js';
import { insertKeyed } from './insert.js';
import type { World } from './model.js';
import { SIZES } from './model.js';
import { notAfter } from './people.js';

const BENEFIT_NOTES = [
  'Issued at the senior center',
  'Mailed with the program booklet',
  'Replacement for a lost coupon book',
  'Issued at the housing site clinic',
  'Second-half season issuance',
] as const;

/** Incentive enrolments, in memory: recipient01 in a current and a not-yet-started one, ninety others. */
export function planEnrolments(w: World): void {
  const { rng, today } = w;
  w.enrolment.push(
    { accountIdx: w.r01, incentiveIdx: 0, startDay: addDays(today, -200), endDay: null, id: 0 },
    { accountIdx: w.r01, incentiveIdx: 1, startDay: addDays(today, 20), endDay: addDays(today, 120), id: 0 }, // deletable
    { accountIdx: w.r01b, incentiveIdx: 2, startDay: addDays(today, -150), endDay: null, id: 0 },
  );
  const candidates = w.account
    .map((_, i) => i)
    .filter((i) => i > w.r01b && w.account[i]!.statusId === ACCOUNT_STATUS.ACTIVE);
  for (const ai of rng.shuffle(candidates).slice(0, 90)) {
    const a = w.account[ai]!;
    const xi = rng.pick(w.incentive.map((_, i) => i).filter((i) => w.incentive[i]!.programIdx === a.programIdx));
    const x = w.incentive[xi]!;
    const start =
      x.startDay > today
        ? x.startDay
        : addDays(x.startDay, rng.int(0, Math.max(0, Math.min(daysBetween(x.startDay, today), 200))));
    const end = x.endDay ?? (rng.chance(0.3) ? addDays(start, rng.int(90, 300)) : null);
    w.enrolment.push({
      accountIdx: ai,
      incentiveIdx: xi,
      startDay: start,
      endDay: end && end < start ? start : end,
      id: 0,
    });
  }
}

/**
 * The regular benefits, in memory, in every status. recipient01's are chosen one by one to cover every case a screen
 * shows; the rest are spread over the last year (and a month ahead). Status follows the dates: Issued until the
 * expiration date, then Expired (or Expunged when long past); about one in twenty recent benefits is Voided.
 * Incentive benefits are not planned: the engine's accrual makes them as the card history is replayed (replay.ts).
 */
export function planBenefits(w: World): void {
  const { rng, today, now } = w;
  const authSeq = [0, 0];
  const add = (
    ai: number,
    spec: {
      typeId?: number;
      incentiveIdx?: number;
      availableDay: string;
      expirationDay?: string;
      amountCents?: number;
      statusId?: number;
    },
  ) => {
    const a = w.account[ai]!;
    const p = w.program[a.programIdx]!;
    const typeId = spec.typeId ?? BENEFIT_TYPE.REGULAR;
    const incentiveIdx = spec.incentiveIdx ?? null;
    const days = typeId === BENEFIT_TYPE.INCENTIVE ? p.incentiveDays : (p.benefitDays ?? rng.pick([60, 90, 120, 180]));
    // Part 1 §4: expiration = available + (days - 1).
    const expirationDay = spec.expirationDay ?? addDays(spec.availableDay, days - 1);
    const amountCents =
      spec.amountCents ??
      (typeId === BENEFIT_TYPE.INCENTIVE
        ? rng.int(4, 40) * 50
        : (p.defaultAmountCents ?? rng.pick([1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 7500, 10000])));
    let statusId = spec.statusId;
    if (statusId === undefined) {
      if (expirationDay >= today) statusId = BENEFIT_STATUS.ISSUED;
      else if (expirationDay < addDays(today, -60) && rng.chance(0.3)) statusId = BENEFIT_STATUS.EXPUNGED;
      else statusId = BENEFIT_STATUS.EXPIRED;
      if (spec.availableDay > addDays(today, -300) && rng.chance(0.05)) statusId = BENEFIT_STATUS.VOIDED;
    }
    authSeq[a.programIdx] = (authSeq[a.programIdx] ?? 0) + 1;
    const prefix = typeId === BENEFIT_TYPE.INCENTIVE ? 'INC' : a.programIdx === 0 ? 'SF' : 'SN';
    const issued = addDays(spec.availableDay, -rng.int(0, 10));
    w.benefit.push({
      uuid: rng.uuid(),
      accountIdx: ai,
      programIdx: a.programIdx,
      typeId,
      statusId,
      incentiveIdx,
      fundingId: incentiveIdx !== null ? w.incentive[incentiveIdx]!.fundingId : rng.pick(p.fundingIds),
      authorizationNumber: `${prefix}${today.slice(2, 4)}${String(authSeq[a.programIdx]).padStart(6, '0')}`,
      availableDay: spec.availableDay,
      expirationDay,
      amountCents,
      openingCents: amountCents,
      balanceCents: amountCents,
      note: a.programIdx === 0 && rng.chance(0.3) ? rng.pick(BENEFIT_NOTES) : null,
      benefitOptionId: a.programIdx === 0 ? rng.pick([1, 2, 3, 4]) : null, // options of type 1, the program's type
      notified: spec.availableDay <= today ? rng.chance(0.95) : false,
      creationChannel: rng.weighted(['API', 'WEB', 'FILE'], [4, 3, 3]),
      createdAt: notAfter(atLocalTime(issued, rng.int(8, 16), rng.int(0, 59)), now),
      id: 0,
    });
    a.benefitIdx.push(w.benefit.length - 1);
  };

  const { ISSUED, EXPIRED, EXPUNGED, VOIDED } = BENEFIT_STATUS;
  const day = (offset: number) => addDays(today, offset);
  add(w.r01, { availableDay: day(-20), statusId: ISSUED });
  add(w.r01, { availableDay: day(-45), statusId: ISSUED });
  add(w.r01, { availableDay: day(-140), statusId: ISSUED }); // 150-day life: expires within 14 days
  add(w.r01, { availableDay: day(10), statusId: ISSUED }); // not available yet
  add(w.r01, { availableDay: day(-300), statusId: EXPIRED });
  add(w.r01, { availableDay: day(-355), statusId: EXPUNGED });
  add(w.r01, { availableDay: day(-100), statusId: VOIDED });
  add(w.r01b, { availableDay: day(-60), expirationDay: day(60), amountCents: 4000, statusId: ISSUED });
  add(w.r01b, { availableDay: day(-200), expirationDay: day(-80), amountCents: 2500, statusId: EXPIRED });

  const holders = w.program.map((_, p) =>
    w.account
      .map((a, i) => ({ a, i }))
      .filter(({ a, i }) => a.programIdx === p && i > w.r01b && a.accountTypeId === 0)
      .filter(({ a }) => a.statusId !== ACCOUNT_STATUS.DELETED || rng.chance(0.3))
      .map(({ i }) => i),
  );
  while (w.benefit.length < SIZES.benefits) {
    const programIdx = rng.chance(0.6) ? 0 : 1;
    add(rng.pick(holders[programIdx]!), { availableDay: day(rng.int(-365, 30)) });
  }
}

/**
 * Writes the benefits as they were issued (`openingCents`): the card history's transactions move their balances when
 * they are written (activity.ts writeTransactions, the engine's writer), and `expungeBenefits` forfeits what is left.
 */
export async function writeBenefits(tx: Tx, w: World): Promise<void> {
  const ids = await insertKeyed(
    tx,
    benefits,
    w.benefit.map((b) => {
      const a = w.account[b.accountIdx]!;
      const changed = b.statusId !== BENEFIT_STATUS.ISSUED;
      return {
        uuid: b.uuid,
        programId: w.program[b.programIdx]!.id,
        accountId: a.id,
        agencyId: a.agencyIdx === null ? null : w.agency[a.agencyIdx]!.id,
        fundingSourceId: b.fundingId,
        incentiveId: b.incentiveIdx === null ? null : w.incentive[b.incentiveIdx]!.id,
        authorizationNumber: b.authorizationNumber,
        benefitTypeId: b.typeId,
        statusId: b.statusId,
        availableDate: b.availableDay,
        expirationDate: b.expirationDay,
        amount: money(b.amountCents),
        balance: money(b.openingCents),
        note: b.note,
        benefitOptionId: b.benefitOptionId,
        notifiedRecipient: b.notified,
        creationChannel: b.creationChannel,
        updationChannel: changed ? 'API' : null,
        createdAt: b.createdAt,
        updatedAt: changed
          ? notAfter(atLocalTime(b.expirationDay < w.today ? addDays(b.expirationDay, 1) : w.today, 2, 0), w.now)
          : b.createdAt,
      };
    }),
    benefits.uuid,
    benefits.id,
  );
  for (const b of w.benefit) b.id = ids.get(b.uuid) ?? 0;
}

/**
 * What expunging forfeited stays on the benefit (expunged_amt, decision 0058) and the balance goes to zero, as the
 * life-cycle job records it; after the card history's moves, so it is what the history left.
 */
export async function expungeBenefits(tx: Tx): Promise<void> {
  await tx
    .update(benefits)
    .set({ expungedAmt: sql`${benefits.balance}`, balance: '0.00' })
    .where(eq(benefits.statusId, BENEFIT_STATUS.EXPUNGED));
}

/** Writes the enrolments and notes their ids (the engine's accrual rows name them). */
export async function writeEnrolments(tx: Tx, w: World): Promise<void> {
  const rows = await tx
    .insert(recipientIncentives)
    .values(
      w.enrolment.map((e) => ({
        accountId: w.account[e.accountIdx]!.id,
        incentiveId: w.incentive[e.incentiveIdx]!.id,
        startDate: e.startDay,
        endDate: e.endDay,
        createdAt: notAfter(atLocalTime(addDays(e.startDay < w.today ? e.startDay : w.today, -3), 10, 0), w.now),
      })),
    )
    .returning({
      id: recipientIncentives.id,
      accountId: recipientIncentives.accountId,
      incentiveId: recipientIncentives.incentiveId,
    });
  // An account is enrolled once in an incentive (planEnrolments): account and incentive name the row.
  const ids = new Map(rows.map((r) => [`${r.accountId}/${r.incentiveId}`, r.id]));
  for (const e of w.enrolment) e.id = ids.get(`${w.account[e.accountIdx]!.id}/${w.incentive[e.incentiveIdx]!.id}`) ?? 0;
}
