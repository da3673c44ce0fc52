import { toCents } from '../format/money.js';

// The agency area's rules (B§5, B§6; docs/decisions/0028-agencies.md, 0029-agency-funding-alerts.md).

/** Configuration keys read by the agency area (docs/configuration.md). */
export const AGENCY_FUNDING_ALERT_PCT_KEY = 'agency.funding.alertPct';
export const AGENCY_FUNDING_ENFORCE_KEY = 'agency.funding.enforce';
export const DEFAULT_FUNDING_ALERT_PCT = 90;

/** The alert threshold in percent: a whole number from 1 to 100; anything else (or no value) is the default 90. */
export function fundingAlertPct(value: string | null | undefined): number {
  const n = Number(value?.trim());
  return value != null && /^\d{1,3}$/.test(value.trim()) && n >= 1 && n <= 100 ? n : DEFAULT_FUNDING_ALERT_PCT;
}

/** Whether issuing beyond an agency's funding amount is refused: on for 1, true, Y, yes, on (any case); else off. */
export function fundingEnforced(value: string | null | undefined): boolean {
  return ['1', 'true', 'y', 'yes', 'on'].includes(value?.trim().toLowerCase() ?? '');
}

/** True when the issued amount has reached `pct` percent of a positive funding amount (both in cents). */
export function fundingThresholdReached(issuedCents: number, fundingCents: number | null, pct: number): boolean {
  return fundingCents !== null && fundingCents > 0 && issuedCents * 100 >= fundingCents * pct;
}

/** True when issuing brings the agency past its funding amount (an agency without one has no limit). */
export function fundingExceeded(issuedCents: number, fundingCents: number | null): boolean {
  return fundingCents !== null && issuedCents > fundingCents;
}

export interface AgencyFields {
  agencyName: string;
  agencyCode: string;
  fundingAmount: number | string | null;
  fundingAlert: number;
  fundingDate: string | null;
}

/**
 * Which groups of an agency's fields a PUT changes (B§6): `names` (name, code; AGENCY_UPDATE) and `funding` (amount,
 * alert, date; AGENCY_FUNDING_UPDATE). A field left out changes nothing; a code differing only in case is a change.
 */
export function agencyChanges(
  stored: AgencyFields,
  sent: Partial<AgencyFields>,
): { names: boolean; funding: boolean; fields: (keyof AgencyFields)[] } {
  const fields: (keyof AgencyFields)[] = [];
  if (sent.agencyName !== undefined && sent.agencyName !== stored.agencyName) fields.push('agencyName');
  if (sent.agencyCode !== undefined && sent.agencyCode !== stored.agencyCode) fields.push('agencyCode');
  const cents = (v: number | string | null) => (v === null ? null : toCents(v));
  if (sent.fundingAmount !== undefined && cents(sent.fundingAmount) !== cents(stored.fundingAmount))
    fields.push('fundingAmount');
  if (sent.fundingAlert !== undefined && sent.fundingAlert !== stored.fundingAlert) fields.push('fundingAlert');
  if (sent.fundingDate !== undefined && sent.fundingDate !== stored.fundingDate) fields.push('fundingDate');
  return {
    names: fields.includes('agencyName') || fields.includes('agencyCode'),
    funding: fields.some((f) => f.startsWith('funding')),
    fields,
  };
}
