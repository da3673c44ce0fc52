import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, like, lte, or } from 'drizzle-orm';
import { BENEFIT_FILE_SAMPLE_HEADER, SAMPLE_ACCOUNT_ID_PREFIX } from '@ebt/core/benefits';
import { ACCOUNT_STATUS } from '@ebt/core/enums';
import { addDays, todayIn } from '@ebt/core/format';
import { benefitOptions, fundingSources, incentives, recipientAccounts } from '../../db/schema/index.js';
import type { ProgramRow } from '../../db/schema/index.js';
import { callerProgramsQuery } from '../../platform/caller-programs.js';
import type { CallerContext } from '../../platform/context.js';
import { csvLine } from '../../platform/import-sample.js';

// GET /benefit-api/benefit/file/sample: the sample the upload page offers, built from the caller's own data (on a
// demo install, the demo data): the accounts made for samples (no real recipient, decision 0117), funding sources,
// incentives and options of the caller's programs,
// dates from today in each program's time zone within its rules. A fixed file named recipients and dates that went
// stale or belonged to another program, and its rows were refused.

/** Programs the sample shows (the caller's first ones by id): enough to show the Program column at work. */
const PROGRAMS = 2;

export async function benefitFileSample(ctx: CallerContext): Promise<string> {
  const randomPart = randomBytes(4).toString('hex').slice(0, 5).toUpperCase();
  const programs = (await callerProgramsQuery(ctx)).sort((a, b) => a.id - b.id);
  const lines = [csvLine(BENEFIT_FILE_SAMPLE_HEADER)];
  let serial = 0;
  for (const program of programs) {
    const rows = await programRows(ctx, program, () => `${randomPart}${++serial}`);
    lines.push(...rows.map(csvLine));
    if (lines.length > 1 && programs.indexOf(program) + 1 >= PROGRAMS) break;
  }
  return lines.join('\r\n') + '\r\n';
}

/** A regular benefit for each of two recipients and, when the program has one, an incentive with a generated number. */
async function programRows(ctx: CallerContext, program: ProgramRow, next: () => string): Promise<string[][]> {
  let today: string;
  try {
    today = todayIn(program.timeZone);
  } catch {
    today = todayIn(ctx.config.defaultTimeZone);
  }
  // A program past its last issuance date issues nothing: no sample row could be accepted.
  if (program.lastIssuanceDate !== null && program.lastIssuanceDate < today) return [];
  const { caller } = ctx;
  const scope =
    caller.scope === 'agencies'
      ? inArray(recipientAccounts.agencyId, caller.agencyIds.length ? [...caller.agencyIds] : [-1])
      : undefined;
  // Only accounts made for samples, never a real recipient's (decision 0117): the sample is often imported as-is.
  const found = await ctx.db
    .select({ identifier: recipientAccounts.recipientIdentifier })
    .from(recipientAccounts)
    .where(
      and(
        eq(recipientAccounts.programId, program.id),
        eq(recipientAccounts.statusId, ACCOUNT_STATUS.ACTIVE),
        like(recipientAccounts.recipientIdentifier, `${SAMPLE_ACCOUNT_ID_PREFIX}%`),
        isNull(recipientAccounts.userId),
        isNull(recipientAccounts.email),
        isNull(recipientAccounts.mobilePhone),
        scope,
      ),
    )
    .orderBy(asc(recipientAccounts.id))
    .limit(2);
  // None here (an install without the demo data): rows for an Account ID no one has, which the upload refuses.
  const first = found[0]?.identifier ?? SAMPLE_ACCOUNT_ID_PREFIX;
  const accounts = [{ identifier: first }, { identifier: found[1]?.identifier ?? first }];
  const [funding] = await ctx.db
    .select({ name: fundingSources.name })
    .from(fundingSources)
    .where(eq(fundingSources.programId, program.id))
    .orderBy(asc(fundingSources.name))
    .limit(1);
  const [option] =
    program.benefitOptionTypeId === null
      ? []
      : await ctx.db
          .select({ descr: benefitOptions.descr })
          .from(benefitOptions)
          .where(and(eq(benefitOptions.optionTypeId, program.benefitOptionTypeId), eq(benefitOptions.active, true)))
          .orderBy(asc(benefitOptions.id))
          .limit(1);
  const [incentive] = await ctx.db
    .select({ name: incentives.name })
    .from(incentives)
    // One running today: started, and not ended.
    .where(
      and(
        eq(incentives.programId, program.id),
        lte(incentives.startDate, today),
        or(isNull(incentives.endDate), gte(incentives.endDate, today)),
      ),
    )
    .orderBy(asc(incentives.id))
    .limit(1);

  const amount = program.benefitAmount ?? '25.00';
  // A program's expiration period fixes the expiration date: the available date plus the period minus one day.
  const expiresAfter = (days: number | null) => addDays(today, (days ?? 30) - 1);
  const expiration = expiresAfter(program.benefitExpirationDays);
  // Numbers of their own (a sample downloaded twice issues twice): the day, a random part, the row.
  const number = () => `SMP${today.replaceAll('-', '')}-${next()}`;
  const rows = accounts.map((a) => [
    program.shortName,
    a.identifier,
    number(),
    today,
    expiration,
    amount,
    funding?.name ?? '',
    'Regular',
    '',
    option?.descr ?? '',
    program.enableBenefitNote ? 'Sample benefit' : '',
  ]);
  if (incentive)
    rows.push([
      program.shortName,
      accounts[0]!.identifier,
      'AUTO-GENERATED',
      today,
      expiresAfter(program.incentiveExpirationDays),
      '10.00',
      funding?.name ?? '',
      'Incentive',
      incentive.name,
      option?.descr ?? '',
      '',
    ]);
  return rows;
}
