import { z } from 'zod';

// Incentive definitions as the program side reads them (part 2 §3 "Incentive", §7 "Incentives"). The issue form
// of part 1 names an incentive for an Incentive benefit; incentive maintenance (POST/PUT) is the incentives issue.

/** GET /account-api/incentive: optional programUuid narrows the list to one program. */
export const IncentiveListQuery = z.object({
  programUuid: z.uuid().optional(),
});
export type IncentiveListQuery = z.infer<typeof IncentiveListQuery>;

/** Rates and accrual limits are decimals with two places (part 2 §9); an accrual max of 0.00 means no maximum. */
const rate = z.number();

export const Incentive = z.object({
  incentiveUuid: z.uuid(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  matchRate: rate,
  accrualMaxDay: rate,
  accrualMaxMonth: rate,
  accrualMaxTrx: rate,
  accrualFeeRate: rate,
  redemptionFeeRate: rate,
  program: z.object({ programId: z.number().int(), programName: z.string(), programUuid: z.uuid() }),
  funding: z.object({ fundingId: z.number().int(), name: z.string() }),
  updated: z.string(),
});
export type Incentive = z.infer<typeof Incentive>;
