import { ACCOUNT_STATUS, BENEFIT_STATUS, BENEFIT_TYPE, PAN_TYPE } from '@ebt/core/enums';
import { feeCents, planPurchase, planRefund, type SpendableBenefit } from '@ebt/core/pos';
import {
  accrualRecord,
  baseRecord,
  type BenefitMove,
  type CallFacts,
  cardDecline,
  clawbackPlan,
  type Decline,
  DEFAULT_MAX_AMOUNT,
  DEFAULT_REVERSAL_WINDOW_HOURS,
  earnings,
  incentiveExpiration,
  incentiveMoves,
  type LockedAccrual,
  type LockedEnrolment,
  type OriginalTransaction,
  overMaximum,
  pinVerdict,
  redemptionFee,
  refundBenefitExpiration,
  refundDecline,
  reversalDecline,
  stillSpendable,
  type TerminalRequest,
  type TransactionRecord,
} from '../modules/pos/index.js';
import { RESPONSE_CODE, TRANSACTION_TYPE } from '../db/reference-data.js';
import { pinHash } from '../platform/pin.js';
import { SEED_TIME_ZONE } from './calendar.js';
import type { BenefitSeed, Draw, TrxSeed, World } from './model.js';

// The demo's card history through the transaction engine's own rules (decision 0079). The seed decides what happens
// (activity.ts: who pays where, when, how much, with which card); every outcome is the engine's: the card checks and
// the maximum amount (rules.ts), the spending order and partial approval (core planPurchase), the accrual with its
// caps (accrual.ts earnings, core accrualCents), the refund's order and new benefits (core planRefund, refund.ts), the
// clawbacks (clawback.ts) and the reversal's rules (reversal.ts), applied to the history in memory, one call after
// another in time order, as the engine applies them under its locks. The rows are the engine's records, written by
// the engine's writer (activity.ts writeTransactions). Only what the engine takes from the database is read here from
// memory: the benefits' balances, the enrolments' earnings of the day and month, a purchase's refunds and accruals.

/** The maximum amount the engine allows when the configuration does not set one (the demo sets none). */
const MAX_CENTS = Math.round(DEFAULT_MAX_AMOUNT * 100);

/** What a purchase debited from one benefit, and what refunds gave back of it since. */
interface Paid {
  benefitIdx: number;
  cents: number;
  refundedCents: number;
}

/** An accrual of a purchase: its incentive benefit, and what clawbacks took back of it. */
interface Accrued {
  uuid: string;
  enrolmentIdx: number;
  benefitIdx: number;
  earnedCents: number;
  netClawedCents: number;
  accrualDay: string;
}

/** An approved purchase as refunds and reversals find it (what original.ts and incentive-moves.ts read). */
export interface PurchaseState {
  record: TransactionRecord & { uuid: string };
  accountIdx: number;
  panIdx: number;
  merchantIdx: number;
  day: string;
  reversed: boolean;
  paid: Paid[];
  accrued: Accrued[];
}

/** What the seed decided for one call: the card, the merchant, the moment and the terminal's fields. */
export interface Call {
  accountIdx: number;
  panIdx: number;
  merchantIdx: number;
  at: Date;
  day: string;
  traceNumber: string;
}

export interface Replay {
  /** A purchase: answers its state when approved (refunds and reversals name it), else null. */
  purchase(call: Call, amountCents: number, eligibleCents: number, allowPartial: boolean): PurchaseState | null;
  refund(call: Call, original: PurchaseState, amountCents: number): void;
  reversal(call: Call, original: PurchaseState): void;
  balanceInquiry(call: Call): void;
}

export function createReplay(w: World): Replay {
  const { rng } = w;
  /** Approved accruals less clawbacks per enrolment, by day and by month (the enrolment's totals under its lock). */
  const earned = new Map<string, number>();
  const earnedOn = (ei: number, key: string) => earned.get(`${ei}/${key}`) ?? 0;
  const addEarned = (ei: number, day: string, cents: number) => {
    for (const key of [day, day.slice(0, 7)]) earned.set(`${ei}/${key}`, earnedOn(ei, key) + cents);
  };
  const benefitSeq = { incentive: 0, refund: 0 };
  const refunds = new Map<string, number>();

  /** The call's facts (call.ts) as the database would answer them on the call's day. */
  const factsOf = (call: Call): CallFacts => {
    const a = w.account[call.accountIdx]!;
    const p = w.pan[call.panIdx]!;
    const m = w.merchant[call.merchantIdx]!;
    const program = w.program[a.programIdx]!;
    return {
      terminalId: 0,
      terminalCode: m.terminalId,
      merchantId: m.id,
      // The seed sends calls from the account's usual merchants: active, mapped to its program (shopsOf).
      merchantActive: true,
      merchantName: m.name,
      panId: p.id,
      panStatusId: p.statusId,
      panLocked: false,
      panActiveDate: p.activeDay,
      panExpirationDate: p.expirationDay,
      panLast4: p.pan.slice(-4),
      accountId: a.id,
      accountActive: a.statusId === ACCOUNT_STATUS.ACTIVE,
      accountIsPool: false,
      agencyId: a.agencyIdx === null ? null : w.agency[a.agencyIdx]!.id,
      programId: program.id,
      programEnabled: true,
      programName: program.name,
      timeZone: SEED_TIME_ZONE,
      incentiveExpirationDays: program.incentiveDays,
      benefitExpirationDays: program.benefitDays,
      mapped: true,
      today: call.day,
      existingId: null,
      reversedFirst: false,
      alertsOn: false,
      // The demo programs ask for the PIN (the default of a new program) and every demo card has one (recipients.ts).
      pinRequired: true,
      pinHash: pinHash(p.id, p.pin, w.sealKeys.pinKeys),
      pinWrongDay: null,
      pinWrongCount: 0,
      terminalWrongPins: 0,
      pinThrottleAlerted: false,
      device: null,
    };
  };

  /** The PIN check of a call that sends its card's PIN, as a cardholder at a stall keys it (pin.ts). */
  const pinDecline = (call: Call, facts: CallFacts): Decline | null => {
    const verdict = pinVerdict(facts, w.pan[call.panIdx]!.pin, w.sealKeys.pinKeys);
    return verdict.ok ? null : verdict.decline;
  };

  /** What the terminal sent: its trace number and day, entry mode by card type, the merchant's place. */
  const requestOf = (call: Call, located: boolean): TerminalRequest => {
    const m = w.merchant[call.merchantIdx]!;
    const typeId = w.pan[call.panIdx]!.typeId;
    return {
      traceNumber: call.traceNumber,
      traceDay: call.day,
      mcc: m.mcc,
      posEntryMode: typeId === PAN_TYPE.VIRTUAL ? '071' : typeId === PAN_TYPE.MANUAL ? '010' : '051',
      posConditionCode: '00',
      // A balance inquiry by phone has no point of sale, so no place on the map.
      location: located
        ? { latitude: m.latitude, longitude: m.longitude, address: `${m.address1}, ${m.town.city}, CT ${m.zipcode}` }
        : undefined,
    };
  };

  /** A benefit's status on `day`: a Voided one never paid; Expired and Expunged ones were Issued until then. */
  const statusOn = (b: BenefitSeed) =>
    b.statusId === BENEFIT_STATUS.VOIDED ? BENEFIT_STATUS.VOIDED : BENEFIT_STATUS.ISSUED;
  const inForce = (b: BenefitSeed, day: string) =>
    statusOn(b) === BENEFIT_STATUS.ISSUED && b.availableDay <= day && day <= b.expirationDay;
  const spendableOn = (b: BenefitSeed, day: string) => inForce(b, day) && b.balanceCents > 0;

  /** The account's spendable benefits of its program on the call's day (funds.ts FUNDS); ids are benefit indexes. */
  const funds = (call: Call) => {
    const benefits: SpendableBenefit[] = w.account[call.accountIdx]!.benefitIdx.filter((bi) =>
      spendableOn(w.benefit[bi]!, call.day),
    ).map((bi) => {
      const b = w.benefit[bi]!;
      return {
        id: bi,
        typeId: b.typeId,
        balanceCents: b.balanceCents,
        availableDate: b.availableDay,
        expirationDate: b.expirationDay,
      };
    });
    return { benefits, balanceCents: benefits.reduce((sum, b) => sum + b.balanceCents, 0) };
  };

  /** The enrolments in force on the call's day in incentives in force that day, with their earnings (funds.ts). */
  const enrolments = (call: Call): (LockedEnrolment & { enrolmentIdx: number })[] => {
    if (w.account[call.accountIdx]!.statusId !== ACCOUNT_STATUS.ACTIVE) return [];
    const day = call.day;
    return w.enrolment.flatMap((e, ei) => {
      const x = w.incentive[e.incentiveIdx]!;
      const inForce =
        e.accountIdx === call.accountIdx &&
        e.startDay <= day &&
        (e.endDay === null || e.endDay >= day) &&
        x.startDay <= day &&
        (x.endDay === null || x.endDay >= day);
      if (!inForce) return [];
      return [
        {
          enrolmentIdx: ei,
          recipientIncentiveId: e.id,
          incentiveId: x.id,
          incentiveUuid: x.uuid,
          fundingSourceId: x.fundingId,
          matchRate: x.matchRate,
          accrualMaxTrx: x.accrualMaxTrx,
          accrualMaxDay: x.accrualMaxDay,
          accrualMaxMonth: x.accrualMaxMonth,
          accrualFeeRate: x.accrualFeeRate,
          endDate: x.endDay,
          earnedTodayCents: earnedOn(ei, day),
          earnedMonthCents: earnedOn(ei, day.slice(0, 7)),
        },
      ];
    });
  };

  const push = (
    call: Call,
    record: TransactionRecord & { uuid: string },
    draws: Draw[],
    links: Partial<TrxSeed> = {},
  ) => {
    const a = w.account[call.accountIdx]!;
    const trx: TrxSeed = {
      record,
      accountIdx: call.accountIdx,
      programIdx: a.programIdx,
      panIdx: call.panIdx,
      merchantIdx: call.merchantIdx,
      draws,
      ...links,
    };
    w.trx.push(trx);
    return trx;
  };

  const base = (call: Call, typeId: number, reqCents: number, located = true) => ({
    ...baseRecord(factsOf(call), requestOf(call, located), call.at, typeId, reqCents),
    uuid: rng.uuid(),
  });

  const declined = (call: Call, record: TransactionRecord & { uuid: string }, decline: Decline) =>
    push(call, { ...record, respCodeId: decline.respCodeId, additionalResponseText: decline.text ?? null }, []);

  const approvedFields = (call: Call, settleCents: number) => ({
    respCodeId: RESPONSE_CODE.APPROVED,
    settleCents,
    settleDate: call.day,
    authNumber: rng.digits(6),
  });

  /** A new benefit the engine makes: an accrual's incentive benefit, a refund's regular benefit. */
  const newBenefit = (
    call: Call,
    spec: Pick<
      BenefitSeed,
      'typeId' | 'incentiveIdx' | 'fundingId' | 'expirationDay' | 'amountCents' | 'openingCents' | 'note'
    >,
  ) => {
    const a = w.account[call.accountIdx]!;
    const incentive = spec.typeId === BENEFIT_TYPE.INCENTIVE;
    const seq = incentive ? ++benefitSeq.incentive : ++benefitSeq.refund;
    w.benefit.push({
      ...spec,
      uuid: rng.uuid(),
      accountIdx: call.accountIdx,
      programIdx: a.programIdx,
      // The life-cycle job has expired what is past its date since.
      statusId: spec.expirationDay < w.today ? BENEFIT_STATUS.EXPIRED : BENEFIT_STATUS.ISSUED,
      authorizationNumber: `${incentive ? 'I' : 'R'}${call.day.slice(2, 4)}${String(seq).padStart(8, '0')}`,
      availableDay: call.day,
      balanceCents: spec.openingCents,
      benefitOptionId: null,
      notified: incentive,
      creationChannel: 'POS',
      createdAt: call.at,
      id: 0,
    });
    a.benefitIdx.push(w.benefit.length - 1);
    return w.benefit.length - 1;
  };

  /** The accruals, clawbacks and restorations of a purchase as LockedAccrual (incentive-moves.ts), on `day`. */
  const lockedAccruals = (p: PurchaseState, day: string): LockedAccrual[] =>
    p.accrued.map((a, n) => ({
      accrualId: n,
      recipientIncentiveId: w.enrolment[a.enrolmentIdx]!.id,
      accrualDay: a.accrualDay,
      earnedCents: a.earnedCents,
      netClawedCents: a.netClawedCents,
      benefitId: a.benefitIdx,
      benefitBalanceCents: w.benefit[a.benefitIdx]!.balanceCents,
      spendable: inForce(w.benefit[a.benefitIdx]!, day),
    }));

  /** Takes incentive back for a refund or reversal (clawback.ts) and answers the balance change. */
  const clawBack = (call: Call, p: PurchaseState, cause: string, startCents: number, refundCents: number | null) => {
    const refundedBefore = p.paid.reduce((sum, x) => sum + x.refundedCents, 0) - (refundCents ?? 0);
    const plan = clawbackPlan(lockedAccruals(p, call.day), p.record.settleCents!, refundedBefore, refundCents);
    const out = incentiveMoves(factsOf(call), 0, call.at, startCents, plan);
    out.records.forEach((record, n) => {
      const move = plan[n]!;
      const accrued = p.accrued[move.accrual.accrualId]!;
      accrued.netClawedCents += move.taken;
      addEarned(accrued.enrolmentIdx, accrued.accrualDay, -move.taken);
      w.benefit[accrued.benefitIdx]!.balanceCents -= move.taken;
      const m: BenefitMove = out.benefitMoves[n]!;
      push(
        call,
        { ...record, uuid: rng.uuid(), causedById: null, originalId: null },
        [{ benefitIdx: accrued.benefitIdx, cents: m.amountCents, deltaCents: m.deltaCents }],
        { causedByUuid: cause, originalUuid: accrued.uuid },
      );
    });
    return out.changeCents;
  };

  const originalOf = (p: PurchaseState): OriginalTransaction => ({
    id: 0,
    uuid: p.record.uuid,
    trxTypeId: p.record.trxTypeId,
    respCodeId: p.record.respCodeId,
    merchantId: p.record.merchantId,
    terminalCode: p.record.terminalId,
    panId: p.record.panId,
    traceNumber: p.record.traceNumber,
    traceDay: p.record.traceDay,
    trxDatetime: p.record.trxDatetime,
    settleCents: p.record.settleCents ?? 0,
    reversed: p.reversed,
    refundedCents: refunds.get(p.record.uuid) ?? 0,
  });

  return {
    purchase(call, amountCents, eligibleCents, allowPartial) {
      const facts = factsOf(call);
      const own0 = { ...base(call, TRANSACTION_TYPE.PURCHASE, amountCents), eligibleCents };
      const early = cardDecline(facts) ?? pinDecline(call, facts) ?? overMaximum(amountCents, MAX_CENTS);
      if (early) {
        declined(call, own0, early);
        return null;
      }
      const f = funds(call);
      const plan = planPurchase(f.benefits, amountCents, eligibleCents, allowPartial);
      if (!plan.approved) {
        const row = { ...own0, startBalanceCents: f.balanceCents, endBalanceCents: f.balanceCents };
        declined(call, row, { respCodeId: RESPONSE_CODE.INSUFFICIENT_FUNDS });
        return null;
      }
      const balanceAfter = f.balanceCents - plan.approvedCents;
      const own = {
        ...own0,
        ...approvedFields(call, plan.approvedCents),
        eligibleCents: Math.min(eligibleCents, plan.approvedCents),
        redemptionFeeCents: redemptionFee(plan.lines, (bi) => {
          const b = w.benefit[bi]!;
          return b.typeId === BENEFIT_TYPE.INCENTIVE ? w.incentive[b.incentiveIdx!]!.redemptionFeeRate : null;
        }),
        startBalanceCents: f.balanceCents,
        endBalanceCents: balanceAfter,
      };
      for (const l of plan.lines) w.benefit[l.benefitId]!.balanceCents -= l.cents;
      const draws = plan.lines.map((l) => ({ benefitIdx: l.benefitId, cents: l.cents, deltaCents: -l.cents }));
      push(call, own, draws);
      const state: PurchaseState = {
        record: own,
        accountIdx: call.accountIdx,
        panIdx: call.panIdx,
        merchantIdx: call.merchantIdx,
        day: call.day,
        reversed: false,
        paid: plan.lines.map((l) => ({ benefitIdx: l.benefitId, cents: l.cents, refundedCents: 0 })),
        accrued: [],
      };
      // The accrual of each enrolment that earns (accrual.ts accrualWrite): an incentive benefit and an accrual row.
      let balance = balanceAfter;
      const locked = enrolments(call);
      for (const e of earnings(plan.accrualBaseCents, locked)) {
        const ei = locked.find((x) => x.recipientIncentiveId === e.enrolment.recipientIncentiveId)!.enrolmentIdx;
        const x = w.incentive[w.enrolment[ei]!.incentiveIdx]!;
        const bi = newBenefit(call, {
          typeId: BENEFIT_TYPE.INCENTIVE,
          incentiveIdx: w.enrolment[ei]!.incentiveIdx,
          fundingId: x.fundingId,
          expirationDay: incentiveExpiration(call.day, facts.incentiveExpirationDays, e.enrolment.endDate),
          amountCents: e.cents,
          openingCents: e.cents,
          note: null,
        });
        const record = {
          ...accrualRecord(
            facts,
            { purchaseId: 0, trxDatetime: call.at },
            e.enrolment.recipientIncentiveId,
            e.cents,
            balance,
            {
              accrualFeeCents: feeCents(e.cents, e.enrolment.accrualFeeRate),
              accrualDay: call.day,
            },
          ),
          causedById: null,
          uuid: rng.uuid(),
        };
        balance += e.cents;
        addEarned(ei, call.day, e.cents);
        push(call, record, [{ benefitIdx: bi, cents: e.cents, deltaCents: 0 }], {
          causedByUuid: own.uuid,
          originalUuid: own.uuid,
        });
        state.accrued.push({
          uuid: record.uuid,
          enrolmentIdx: ei,
          benefitIdx: bi,
          earnedCents: e.cents,
          netClawedCents: 0,
          accrualDay: call.day,
        });
      }
      return state;
    },

    refund(call, original, amountCents) {
      const facts = factsOf(call);
      const own0 = base(call, TRANSACTION_TYPE.REFUND, amountCents);
      const decline = refundDecline(facts, originalOf(original), amountCents) ?? overMaximum(amountCents, MAX_CENTS);
      const lines = planRefund(
        original.paid.map((x) => ({
          benefitId: x.benefitIdx,
          debitedCents: x.cents,
          refundedCents: x.refundedCents,
          expirationDate: w.benefit[x.benefitIdx]!.expirationDay,
        })),
        amountCents,
      );
      if (decline || !lines) {
        declined(call, own0, decline ?? { respCodeId: RESPONSE_CODE.INVALID_AMOUNT });
        return;
      }
      const f = funds(call);
      const draws: Draw[] = lines.map((l) => {
        const from = w.benefit[l.benefitId]!;
        // A part whose benefit is no longer spendable goes to a new regular benefit (refund.ts replacementBenefits).
        const target = stillSpendable({ statusId: statusOn(from), expirationDate: from.expirationDay }, call.day)
          ? l.benefitId
          : newBenefit(call, {
              typeId: BENEFIT_TYPE.REGULAR,
              incentiveIdx: null,
              fundingId: from.fundingId,
              expirationDay: refundBenefitExpiration(call.day, facts.benefitExpirationDays),
              amountCents: l.cents,
              openingCents: 0,
              note: 'Refund of a purchase',
            });
        w.benefit[target]!.balanceCents += l.cents;
        original.paid.find((x) => x.benefitIdx === l.benefitId)!.refundedCents += l.cents;
        return { benefitIdx: target, cents: l.cents, deltaCents: l.cents, originalBenefitIdx: l.benefitId };
      });
      refunds.set(original.record.uuid, (refunds.get(original.record.uuid) ?? 0) + amountCents);
      const after = f.balanceCents + amountCents;
      const own = {
        ...own0,
        ...approvedFields(call, amountCents),
        startBalanceCents: f.balanceCents,
        endBalanceCents: after,
      };
      push(call, own, draws, { originalUuid: original.record.uuid });
      clawBack(call, original, own.uuid, after, amountCents);
    },

    reversal(call, original) {
      const facts = factsOf(call);
      const own0 = {
        ...base(call, TRANSACTION_TYPE.PURCHASE_REVERSAL, original.record.settleCents ?? 0),
        traceNumber: original.record.traceNumber,
        traceDay: original.record.traceDay,
      };
      const decline = reversalDecline(originalOf(original), DEFAULT_REVERSAL_WINDOW_HOURS, call.at);
      if (decline) {
        push(call, { ...own0, respCodeId: decline.respCodeId, additionalResponseText: decline.text ?? null }, [], {
          reversalOf: original.record.uuid,
        });
        return;
      }
      const f = funds(call);
      const change = original.paid.reduce((sum, x) => {
        const b = w.benefit[x.benefitIdx]!;
        return (
          sum + (stillSpendable({ statusId: statusOn(b), expirationDate: b.expirationDay }, facts.today) ? x.cents : 0)
        );
      }, 0);
      const after = Math.max(0, f.balanceCents + change);
      for (const x of original.paid) w.benefit[x.benefitIdx]!.balanceCents += x.cents;
      original.reversed = true;
      const own = {
        ...own0,
        ...approvedFields(call, original.record.settleCents ?? 0),
        startBalanceCents: f.balanceCents,
        endBalanceCents: after,
      };
      push(
        call,
        own,
        original.paid.map((x) => ({ benefitIdx: x.benefitIdx, cents: x.cents, deltaCents: x.cents })),
        { reversalOf: original.record.uuid },
      );
      clawBack(call, original, own.uuid, after, null);
    },

    balanceInquiry(call) {
      const own0 = base(call, TRANSACTION_TYPE.BALANCE_INQUIRY, 0, false);
      const facts = factsOf(call);
      const decline = cardDecline(facts) ?? pinDecline(call, facts);
      if (decline) {
        declined(call, own0, decline);
        return;
      }
      const { balanceCents } = funds(call);
      push(
        call,
        { ...own0, respCodeId: RESPONSE_CODE.APPROVED, startBalanceCents: balanceCents, endBalanceCents: balanceCents },
        [],
      );
    },
  };
}
