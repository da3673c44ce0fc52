import { AddAgencyBody, type AgencyDetail, UpdateAgencyBody } from '@ebt/core/agencies';
import { toCents } from '@ebt/core/format';
import type { z } from 'zod';
import { formCheck } from '../../lib/form-check';

// The agency form (B§2 "Add Agency", "Update Agency"; B§5 "Agency"): Name (max 50), Code (max 20) and Program
// required; Funding Amount 0.00 to 99999999 with two decimals; Funding Date from 2023-01-01 as yyyy-MM-dd; the funding
// alert on by default (B§9 fundingAlert 1). Validated with core's schemas, so the screen and the server say the same.

export interface AgencyFormValues {
  agencyName: string;
  agencyCode: string;
  programUuid: string;
  fundingAmount: string;
  fundingAlert: boolean;
  fundingDate: string;
}

export const EMPTY_AGENCY_FORM: AgencyFormValues = {
  agencyName: '',
  agencyCode: '',
  programUuid: '',
  fundingAmount: '',
  fundingAlert: true,
  fundingDate: '',
};

/** The form's values of a saved agency (the amount with two decimals). */
export function agencyFormOf(agency: AgencyDetail): AgencyFormValues {
  return {
    agencyName: agency.agencyName,
    agencyCode: agency.agencyCode,
    programUuid: agency.programUuid,
    fundingAmount: agency.fundingAmount === null ? '' : agency.fundingAmount.toFixed(2),
    fundingAlert: agency.fundingAlert === 1,
    fundingDate: agency.fundingDate ?? '',
  };
}

/** The body as the form holds it: the program left out until chosen, blank funding fields as null. */
function draft(values: AgencyFormValues) {
  return {
    agencyName: values.agencyName,
    agencyCode: values.agencyCode,
    programUuid: values.programUuid === '' ? undefined : values.programUuid,
    fundingAmount: values.fundingAmount.trim() === '' ? null : values.fundingAmount.trim(),
    fundingAlert: values.fundingAlert ? 1 : 0,
    fundingDate: values.fundingDate.trim() === '' ? null : values.fundingDate.trim(),
  };
}

/**
 * agencyApi.update's body as the form holds it: the name and code, and the funding fields only when the person may
 * change them (B§6; the server answers 403 to a change without the right, never ignores it).
 */
function updateDraft(values: AgencyFormValues, withFunding: boolean) {
  const { programUuid: _program, fundingAmount, fundingAlert, fundingDate, ...names } = draft(values);
  return withFunding ? { ...names, fundingAmount, fundingAlert, fundingDate } : names;
}

/** agencyApi.add's body. */
export function agencyAddBody(values: AgencyFormValues): z.output<typeof AddAgencyBody> {
  return AddAgencyBody.parse(draft(values));
}

/** agencyApi.update's body. */
export function agencyUpdateBody(values: AgencyFormValues, withFunding: boolean): z.output<typeof UpdateAgencyBody> {
  return UpdateAgencyBody.parse(updateDraft(values, withFunding));
}

export const validateAgencyAdd = formCheck(AddAgencyBody, draft);

export function validateAgencyUpdate(withFunding: boolean) {
  return formCheck(UpdateAgencyBody, (values: AgencyFormValues) => updateDraft(values, withFunding));
}

/** Whether two sets of values save the same (spaces and the amount's form aside): Update waits for a change. */
export function sameAgencyForm(a: AgencyFormValues, b: AgencyFormValues): boolean {
  const amount = (v: string) => (v.trim() === '' ? null : toCents(v.trim()));
  return (
    a.agencyName.trim() === b.agencyName.trim() &&
    a.agencyCode.trim() === b.agencyCode.trim() &&
    amount(a.fundingAmount) === amount(b.fundingAmount) &&
    a.fundingAlert === b.fundingAlert &&
    a.fundingDate.trim() === b.fundingDate.trim()
  );
}
