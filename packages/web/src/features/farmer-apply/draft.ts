import { DEFAULT_ABANDONED_DRAFT_DAYS, FARMER_MARKETS_MAX } from '@ebt/core/farmer-applications';
import { z } from 'zod';
import { emptyValues, STEPS, type ApplicationValues } from './application-form';

// The farmer's draft, kept on this device as they type (localStorage) and offered back when they return, so a phone
// that loses its signal or a page closed by mistake loses nothing. It is not data of a signed-in person (the farmer
// has no account yet), so it has its own key rather than lib/device-data.ts's prefix that signing out clears: it is
// cleared when the application is sent, by 'Start over', and when it is older than the days an abandoned draft is
// kept. The tax id, the bank's routing and account numbers and the one-time codes are NEVER kept: `draftOf` picks
// the fields it keeps by name, and reading a draft keeps only those names.

export const DRAFT_KEY = 'marketlink.farmerApplication.draft';
const DAY_MS = 24 * 60 * 60 * 1000;

const Address = z.object({
  addressOne: z.string(),
  addressTwo: z.string(),
  city: z.string(),
  stateCode: z.string(),
  zipcode: z.string(),
});

/** What a draft keeps: every field but the secrets. Unknown keys are dropped when a draft is read. */
const DraftValues = z.object({
  programIds: z.array(z.string()).max(20),
  farmName: z.string(),
  contactFirstName: z.string(),
  contactLastName: z.string(),
  businessPhone: z.string(),
  email: z.string(),
  mobilePhone: z.string(),
  farmAddress: Address,
  mailingSame: z.boolean(),
  mailingAddress: Address,
  markets: z
    .array(z.object({ key: z.string(), name: z.string(), city: z.string(), when: z.string() }))
    .min(1)
    .max(FARMER_MARKETS_MAX),
  crops: z.string(),
  answers: z.record(z.string(), z.string()),
  tinTypeId: z.string(),
  bankAccount: z.object({
    bankName: z.string(),
    bankAccountType: z.string(),
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
  }),
  agreed: z.boolean(),
  signature: z.string(),
});
export type DraftValues = z.infer<typeof DraftValues>;

const StoredDraft = z.object({
  version: z.literal(1),
  savedAt: z.iso.datetime(),
  step: z
    .number()
    .int()
    .min(0)
    .max(STEPS.length - 1),
  values: DraftValues,
});
export type StoredDraft = z.infer<typeof StoredDraft>;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function deviceStorage(given?: DraftStorage): DraftStorage | null {
  try {
    return given ?? window.localStorage;
  } catch {
    return null;
  }
}

/** The values a draft keeps, picked by name: never the tax id, the bank numbers or the codes. */
export function draftOf(values: ApplicationValues): DraftValues {
  return {
    programIds: values.programIds,
    farmName: values.farmName,
    contactFirstName: values.contactFirstName,
    contactLastName: values.contactLastName,
    businessPhone: values.businessPhone,
    email: values.email,
    mobilePhone: values.mobilePhone,
    farmAddress: values.farmAddress,
    mailingSame: values.mailingSame,
    mailingAddress: values.mailingAddress,
    markets: values.markets,
    crops: values.crops,
    answers: values.answers,
    tinTypeId: values.tinTypeId,
    bankAccount: {
      bankName: values.bankAccount.bankName,
      bankAccountType: values.bankAccount.bankAccountType,
      firstName: values.bankAccount.firstName,
      middleName: values.bankAccount.middleName,
      lastName: values.bankAccount.lastName,
    },
    agreed: values.agreed,
    signature: values.signature,
  };
}

/** Whether the farmer has typed anything worth keeping (a blank form leaves no draft). */
export function hasContent(values: ApplicationValues): boolean {
  const kept = draftOf(values);
  const texts = [
    kept.farmName,
    kept.contactFirstName,
    kept.contactLastName,
    kept.businessPhone,
    kept.email,
    kept.mobilePhone,
    ...Object.values(kept.farmAddress),
    ...Object.values(kept.mailingAddress),
    ...kept.markets.flatMap((market) => [market.name, market.city, market.when]),
    kept.crops,
    ...Object.values(kept.answers),
    kept.bankAccount.bankName,
    kept.bankAccount.firstName,
    kept.bankAccount.middleName,
    kept.bankAccount.lastName,
    kept.signature,
  ];
  return texts.some((text) => text.trim() !== '') || kept.tinTypeId !== '' || kept.agreed;
}

/** Keeps the draft on this device (storage full or refused: nothing is kept, nothing else is lost). */
export function saveDraft(values: ApplicationValues, step: number, storage?: DraftStorage, now = new Date()): void {
  const draft: StoredDraft = { version: 1, savedAt: now.toISOString(), step, values: draftOf(values) };
  try {
    deviceStorage(storage)?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode).
  }
}

/** The draft kept on this device, or null (none, unreadable, or older than an abandoned draft is kept). */
export function loadDraft(storage?: DraftStorage, now = new Date()): StoredDraft | null {
  const store = deviceStorage(storage);
  try {
    const text = store?.getItem(DRAFT_KEY);
    if (!text) return null;
    const parsed = StoredDraft.safeParse(JSON.parse(text));
    if (!parsed.success || now.getTime() - Date.parse(parsed.data.savedAt) > DEFAULT_ABANDONED_DRAFT_DAYS * DAY_MS) {
      store?.removeItem(DRAFT_KEY);
      return null;
    }
    return parsed.data;
  } catch {
    return null;
  }
}

export function clearDraft(storage?: DraftStorage): void {
  try {
    deviceStorage(storage)?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * The form's values from a draft: what it kept, the secrets blank, and only the programs still offered (with the
 * answers to their questions).
 */
export function valuesFromDraft(draft: StoredDraft, offeredProgramIds: readonly number[]): ApplicationValues {
  const empty = emptyValues();
  const offered = new Set(offeredProgramIds.map(String));
  return {
    ...empty,
    ...draft.values,
    programIds: draft.values.programIds.filter((id) => offered.has(id)),
    bankAccount: { ...empty.bankAccount, ...draft.values.bankAccount },
  };
}
