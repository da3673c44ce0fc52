import { FUNDING_SOURCE_NAME_MAX, FUNDING_SOURCE_PROMPT_MAX, FUNDING_SOURCE_PROMPT_MIN } from '@ebt/core/constants';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import {
  duplicateFundingSourceName,
  newProgramConfiguration,
  PROGRAM_MESSAGES,
  ProgramBody,
  programDateMin,
  type FundingSource,
  type ProgramDetail,
} from '@ebt/core/programs';
import type { z } from 'zod';
import { formCheck } from '../../lib/form-check';
import { displayPhone } from '../../lib/person';

// The admin program form as the add and edit screens hold it (B§5 "Program", B§4 "Program funding sources"): every
// field a string (no input is ever uncontrolled), the funding sources as the editor holds them, and core's schema as
// the only copy of the rules.

export interface ProgramFormValues {
  programName: string;
  shortName: string;
  /** '0' Enabled, '1' Disabled. */
  programStatusId: string;
  contactEmail: string;
  contactPhone: string;
  contactAddress1: string;
  contactAddress2: string;
  contactCity: string;
  contactStateCode: string;
  contactZip: string;
  startDate: string;
  endDate: string;
  benefitExpiration: string;
  incentiveExpiration: string;
  benefitAmount: string;
  fundingAmount: string;
  fundingDate: string;
  lastIssuanceDate: string;
  enableBenefitNote: boolean;
  /** Purchases and balance inquiries need the card's PIN (new programs: on). */
  pinRequired: boolean;
  benefitOptionTypeId: string;
  bin: string;
  seriesNbr: string;
  configuration: string;
  /** The editor's sources: saved ones with their fundingId, new ones with a temporary negative id (B§4). */
  fundingSources: FundingSource[];
}

export const EMPTY_PROGRAM_FORM: ProgramFormValues = {
  programName: '',
  shortName: '',
  programStatusId: '0',
  contactEmail: '',
  contactPhone: '',
  contactAddress1: '',
  contactAddress2: '',
  contactCity: '',
  contactStateCode: '',
  contactZip: '',
  startDate: '',
  endDate: '',
  benefitExpiration: '',
  incentiveExpiration: '',
  benefitAmount: '',
  fundingAmount: '',
  fundingDate: '',
  lastIssuanceDate: '',
  enableBenefitNote: false,
  pinRequired: true,
  benefitOptionTypeId: '',
  bin: '',
  seriesNbr: '',
  configuration: '',
  fundingSources: [],
};

/** A new program's form (B§9): the default card settings with blank secrets, and the default funding names. */
export function newProgramForm(defaultFunding: readonly string[]): ProgramFormValues {
  return {
    ...EMPTY_PROGRAM_FORM,
    configuration: newProgramConfiguration(),
    fundingSources: defaultFunding.map((name, i) => ({ fundingId: -(i + 1), name })),
  };
}

const text = (value: string | null) => value ?? '';
const numberText = (value: number | null) => (value === null ? '' : String(value));
const moneyText = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The form's values of a loaded program. */
export function programFormOf(p: ProgramDetail): ProgramFormValues {
  return {
    programName: p.programName,
    shortName: p.shortName,
    programStatusId: String(p.programStatusId),
    contactEmail: text(p.contactEmail),
    contactPhone: displayPhone(p.contactPhone),
    contactAddress1: text(p.contactAddress1),
    contactAddress2: text(p.contactAddress2),
    contactCity: text(p.contactCity),
    contactStateCode: text(p.contactStateCode),
    contactZip: text(p.contactZip),
    startDate: text(p.startDate),
    endDate: text(p.endDate),
    benefitExpiration: numberText(p.benefitExpiration),
    incentiveExpiration: numberText(p.incentiveExpiration),
    benefitAmount: moneyText(p.benefitAmount),
    fundingAmount: moneyText(p.fundingAmount),
    fundingDate: text(p.fundingDate),
    lastIssuanceDate: text(p.lastIssuanceDate),
    enableBenefitNote: p.enableBenefitNote,
    pinRequired: p.pinRequired,
    benefitOptionTypeId: numberText(p.benefitOptionTypeId),
    bin: text(p.bin),
    seriesNbr: text(p.seriesNbr),
    configuration: text(p.configuration),
    fundingSources: p.fundingSources,
  };
}

/** A whole number typed as text; anything else goes as NaN, which core's rule names. */
const wholeOrNull = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

function draftOf(values: ProgramFormValues) {
  return {
    ...values,
    programStatusId: Number(values.programStatusId),
    benefitExpiration: wholeOrNull(values.benefitExpiration),
    incentiveExpiration: wholeOrNull(values.incentiveExpiration),
    benefitAmount: values.benefitAmount.trim() === '' ? null : values.benefitAmount,
    fundingAmount: values.fundingAmount.trim() === '' ? null : values.fundingAmount,
    benefitOptionTypeId: wholeOrNull(values.benefitOptionTypeId),
  };
}

/** The body of programApi.add and programApi.update, as core's schema sends it. */
export function programBodyOf(values: ProgramFormValues): z.output<typeof ProgramBody> {
  return ProgramBody.parse(draftOf(values));
}

/**
 * The form's validation: core's schema (B§5), its funding source problems at the editor ('fundingSources'), plus the
 * dates' minimum of the mode (today when adding, 2021-02-01 when editing, which the schema already holds) and names
 * unique within the program.
 */
export function validateProgramForm(mode: 'add' | 'edit', today: string) {
  const min = programDateMin(mode, today);
  return formCheck(ProgramBody, draftOf, {
    fields: { fundingSources: 'fundingSources' },
    rules: (values) => [
      ...(['startDate', 'endDate'] as const)
        .filter((field) => values[field] && values[field] < min)
        .map((field) => ({ field, message: fillMessage(MESSAGES.DATE_TOO_EARLY, { date: min }) })),
      ...(duplicateFundingSourceName(values.fundingSources.map((s) => s.name)) === null
        ? []
        : [{ field: 'fundingSources', message: PROGRAM_MESSAGES.FUNDING_SOURCE_EXISTS }]),
    ],
  });
}

// The funding-source editor (B§4): changes are held here and saved only with the program.

/**
 * The longest name the editor's prompt takes (B§5): 20 characters ("prompt text 2 to 20"), but 30 (the name's overall
 * limit) when editing a source whose saved name is already longer than 20 (a default-funding name, or one saved
 * before), so it can be kept or renamed without being cut.
 */
export function fundingSourcePromptMax(sources: readonly FundingSource[], editingId?: number | null): number {
  const current = editingId == null ? undefined : sources.find((s) => s.fundingId === editingId);
  return current && current.name.length > FUNDING_SOURCE_PROMPT_MAX
    ? FUNDING_SOURCE_NAME_MAX
    : FUNDING_SOURCE_PROMPT_MAX;
}

/** The name typed into the editor's prompt: 2 to 20 characters (or 30, above), not a name the program already has. */
export function fundingSourceNameError(
  name: string,
  sources: readonly FundingSource[],
  exceptId?: number,
): string | null {
  const trimmed = name.trim();
  const max = fundingSourcePromptMax(sources, exceptId);
  if (trimmed.length < FUNDING_SOURCE_PROMPT_MIN || trimmed.length > max)
    return max === FUNDING_SOURCE_NAME_MAX
      ? PROGRAM_MESSAGES.FUNDING_SOURCE_NAME_LENGTH
      : PROGRAM_MESSAGES.FUNDING_SOURCE_PROMPT_LENGTH;
  const others = sources.filter((s) => s.fundingId !== exceptId).map((s) => s.name);
  if (duplicateFundingSourceName([...others, trimmed]) !== null) return PROGRAM_MESSAGES.FUNDING_SOURCE_EXISTS;
  return null;
}

/** A new source with the next temporary negative id. */
export function addFundingSource(sources: readonly FundingSource[], name: string): FundingSource[] {
  const lowest = Math.min(0, ...sources.map((s) => s.fundingId));
  return [...sources, { fundingId: lowest - 1, name: name.trim() }];
}

export function renameFundingSource(sources: readonly FundingSource[], fundingId: number, name: string) {
  return sources.map((s) => (s.fundingId === fundingId ? { ...s, name: name.trim() } : s));
}

export function removeFundingSource(sources: readonly FundingSource[], fundingId: number) {
  return sources.filter((s) => s.fundingId !== fundingId);
}
