import { randomInt } from 'node:crypto';
import {
  MERCHANT_IMPORT_MESSAGES,
  type MerchantFileAddressKind,
  type MerchantFileColumn,
  type MerchantFileRowValues,
} from '@ebt/core/merchants';
import { MERCHANT_FILE_ACTION } from '@ebt/core/enums';
import type { ProgramRow } from '../../db/schema/index.js';
import type { ExistingMerchant } from './import-queries.js';

// How one merchant file row is decided once the file's look-ups are in (docs/merchant-file.md, decision 0023): pure
// functions over what import.ts read for the whole file at once.

export interface RowProblem {
  column?: MerchantFileColumn;
  reason: string;
}

/** A row's program: one of the caller's programs by its short name (B§9 since April 2025), any case. */
export function programByShortName(programs: readonly ProgramRow[]) {
  const byKey = new Map(programs.map((p) => [p.shortName.trim().toLowerCase(), p]));
  return (text: string) => byKey.get(text.trim().toLowerCase());
}

export type RowPlan =
  | { kind: 'add'; values: MerchantFileRowValues; program: ProgramRow }
  | {
      kind: 'disable' | 'update' | 'bank';
      values: MerchantFileRowValues;
      program: ProgramRow;
      existing: ExistingMerchant;
    }
  | { kind: 'reject'; problems: RowProblem[] };

/**
 * What a row does: an add needs an identifier no merchant holds (or none: one is generated); 03, 04 and 05 need a
 * merchant with the identifier mapped (in either status) to the row's program, which is one of the caller's, so a
 * program admin changes only merchants of their programs. A 04 row for a merchant of another program is refused, not
 * mapped: mappings change on the merchant's page (decision 0023).
 */
export function planRow(input: {
  values: MerchantFileRowValues;
  program: ProgramRow;
  existing: ExistingMerchant | undefined;
  mappedPrograms: ReadonlySet<number> | undefined;
}): RowPlan {
  const { values, program, existing } = input;
  const isAdd =
    values.action === MERCHANT_FILE_ACTION.ADD_ACTIVE || values.action === MERCHANT_FILE_ACTION.ADD_INACTIVE;
  if (isAdd) {
    if (existing)
      return {
        kind: 'reject',
        problems: [{ column: 'merchantIdentifier', reason: MERCHANT_IMPORT_MESSAGES.MERCHANT_ID_EXISTS }],
      };
    return { kind: 'add', values, program };
  }
  if (!existing || !input.mappedPrograms?.has(program.id))
    return {
      kind: 'reject',
      problems: [{ column: 'merchantIdentifier', reason: MERCHANT_IMPORT_MESSAGES.MERCHANT_NOT_IN_PROGRAM }],
    };
  const kind =
    values.action === MERCHANT_FILE_ACTION.DISABLE
      ? 'disable'
      : values.action === MERCHANT_FILE_ACTION.UPDATE
        ? 'update'
        : 'bank';
  return { kind, values, program, existing };
}

/** A generated Merchant ID (resolution 15): 'M' and 15 random digits, within the form's 20 characters. */
export function generatedIdentifier(): string {
  return `M${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e6)).padStart(6, '0')}`;
}

/** An address as stored, for comparing a 04 row with what the merchant has. */
export interface StoredAddress {
  kind: string;
  address1: string;
  address2: string | null;
  city: string;
  stateCode: string;
  zipcode: string;
  latitude: string | null;
  longitude: string | null;
}

export interface PlacedAddress {
  addressOne: string;
  addressTwo?: string | null;
  city: string;
  stateCode: string;
  zipcode: string;
  latitude: number | null;
  longitude: number | null;
}

const sameNumber = (a: string | null, b: number | null) => (a === null ? b === null : b !== null && Number(a) === b);

/** Whether a 04 row leaves the merchant exactly as it is (a file uploaded twice changes nothing the second time). */
export function updateChangesNothing(
  existing: ExistingMerchant,
  stored: readonly StoredAddress[],
  values: MerchantFileRowValues,
  addresses: Record<MerchantFileAddressKind, PlacedAddress>,
): boolean {
  const form = values.form!;
  const tax = values.tax;
  if (
    existing.name !== form.merchantName ||
    (existing.fnsNumber ?? null) !== form.fnsNumber ||
    existing.email !== form.email ||
    existing.businessPhone !== form.businessPhone ||
    existing.mobilePhone !== form.mobilePhone
  )
    return false;
  // A tax id cannot be compared (only its ciphertext is stored): a row that gives one changes the merchant.
  if (tax && (tax.taxId !== null || (tax.tinTypeId ?? existing.tinTypeId) !== existing.tinTypeId)) return false;
  if (tax && (tax.taxClassId ?? existing.taxClassId) !== existing.taxClassId) return false;
  return (Object.entries(addresses) as [MerchantFileAddressKind, PlacedAddress][]).every(([kind, a]) => {
    const s = stored.find((row) => row.kind === kind);
    return (
      s !== undefined &&
      s.address1 === a.addressOne &&
      (s.address2 ?? '') === (a.addressTwo ?? '') &&
      s.city === a.city &&
      s.stateCode === a.stateCode &&
      s.zipcode === a.zipcode &&
      sameNumber(s.latitude, a.latitude) &&
      sameNumber(s.longitude, a.longitude)
    );
  });
}
