import { editDateProblems, UpdateBenefitBody, type BenefitDetail } from '@ebt/core/benefits';
import { CREATION_CHANNEL } from '@ebt/core/enums';
import { fromCents, isIsoDate, formatMoney, toCents } from '@ebt/core/format';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { formCheck, type BodyInput, type FieldProblem } from '../../lib/form-check';
import { atMidday } from './issue-form';

// The benefit edit form of the detail screen (A§5 "Edit", A§7 benefitApi.update), free of React.

export interface EditFormValues {
  benefitBalance: string;
  benefitAvailableDate: string;
  benefitExpirationDate: string;
  benefitAuthorizationNumber: string;
  fundingId: string;
  benefitOptionId: string;
  notifiedRecipient: boolean;
  note: string;
}

export type EditField = keyof EditFormValues;

export function editValuesOf(benefit: BenefitDetail): EditFormValues {
  return {
    benefitBalance: fromCents(toCents(benefit.benefitBalance)),
    benefitAvailableDate: benefit.benefitAvailableDate,
    benefitExpirationDate: benefit.benefitExpirationDate,
    benefitAuthorizationNumber: benefit.benefitAuthorizationNumber,
    fundingId: benefit.fundingId === null ? '' : String(benefit.fundingId),
    benefitOptionId: benefit.benefitOptionId === null ? '' : String(benefit.benefitOptionId),
    notifiedRecipient: benefit.notifiedRecipient,
    note: benefit.note ?? '',
  };
}

/**
 * The PUT body as the form's text: the changed benefit with the lastUpdatedDate it was read at, so a change made by
 * someone else meanwhile answers 409 instead of being overwritten. Dates go at 12:00 (A§9); a blank balance is left
 * out, which core's schema names as required. `checkEdit` reads it with core's schema.
 */
export function updateInput(values: EditFormValues, benefit: BenefitDetail): BodyInput<typeof UpdateBenefitBody> {
  return {
    benefitUuid: benefit.benefitUuid,
    benefitBalance: values.benefitBalance.trim() || undefined,
    benefitAvailableDate: isIsoDate(values.benefitAvailableDate)
      ? atMidday(values.benefitAvailableDate)
      : values.benefitAvailableDate,
    benefitExpirationDate: isIsoDate(values.benefitExpirationDate)
      ? atMidday(values.benefitExpirationDate)
      : values.benefitExpirationDate,
    benefitAuthorizationNumber: values.benefitAuthorizationNumber.trim(),
    notifiedRecipient: values.notifiedRecipient,
    fundingId: values.fundingId || null,
    benefitOptionId: benefit.benefitOptionTypeId === null ? null : values.benefitOptionId || null,
    note: benefit.enableBenefitNote ? values.note.trim() || null : undefined,
    lastUpdatedDate: benefit.lastUpdatedDate,
    updationChannel: CREATION_CHANNEL.WEB,
  };
}

/**
 * The body sent (A§7 benefitApi.update): core's schema output, so the balance and ids go as JSON numbers
 * (decision 0004). Call it once `checkEdit` found nothing; a form it would refuse throws.
 */
export function updateRequest(values: EditFormValues, benefit: BenefitDetail): UpdateBenefitBody {
  return UpdateBenefitBody.parse(updateInput(values, benefit));
}

/** What the benefit itself bounds (A§5 "Edit"): its maximum amount, and dates from 2022-02-01 in order. */
function editProblems(values: EditFormValues, benefit: BenefitDetail): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const cents = toCents(values.benefitBalance);
  const maxCents = toCents(benefit.maxBenefitAmount);
  if (!Number.isNaN(cents) && cents > maxCents)
    problems.push({
      field: 'benefitBalance',
      message: fillMessage(MESSAGES.BENEFIT_BALANCE_TOO_HIGH, { max: formatMoney(maxCents / 100) }),
    });
  if (isIsoDate(values.benefitAvailableDate) && isIsoDate(values.benefitExpirationDate))
    problems.push(...editDateProblems(values.benefitAvailableDate, values.benefitExpirationDate));
  return problems;
}

/**
 * A§5 "Edit": balance from 0 to the benefit's maximum amount (9999.99 unless the benefit says otherwise), dates not
 * before 2022-02-01 and the expiration not before the available date, the authorization number without spaces.
 */
export function checkEdit(values: EditFormValues, benefit: BenefitDetail): Partial<Record<EditField, string>> {
  return formCheck(UpdateBenefitBody, (typed: EditFormValues) => updateInput(typed, benefit), {
    rules: (typed) => editProblems(typed, benefit),
  })(values);
}
