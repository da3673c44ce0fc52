import { AgencyOption } from '@ebt/core/agencies';
import { ApplicantProgram } from '@ebt/core/applicants';
import { FundingSourceOption } from '@ebt/core/benefits';
import { TaxClassOption, TinTypeOption } from '@ebt/core/merchants';
import { RoleOption } from '@ebt/core/roles';
import { ResponseCodeOption, TransactionTypeOption } from '@ebt/core/transactions';
import { CallerProgram } from '@ebt/core/programs';
import { CurrentRecipientProgram } from '@ebt/core/recipients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client';

// The look-ups every area's forms and searches choose from: one query key and one hook per endpoint, so a screen
// that changes one of them (a later programs or agencies screen) invalidates the one cache every screen reads.
// Statuses have no endpoint: their names are core's enums (ACCOUNT_STATUS_LABEL, BENEFIT_STATUS_WIRE).

export const lookupKeys = {
  all: ['lookups'] as const,
  callerPrograms: () => [...lookupKeys.all, 'caller-programs'] as const,
  applicationPrograms: () => [...lookupKeys.all, 'application-programs'] as const,
  agencies: (programUuid: string, viewable: boolean) => [...lookupKeys.all, 'agencies', programUuid, viewable] as const,
  programAgencies: (programUuid: string) => [...lookupKeys.all, 'program-agencies', programUuid] as const,
  fundingSources: (programUuid: string) => [...lookupKeys.all, 'funding-sources', programUuid] as const,
  taxClasses: () => [...lookupKeys.all, 'tax-classes'] as const,
  tinTypes: () => [...lookupKeys.all, 'tin-types'] as const,
  roles: () => [...lookupKeys.all, 'roles'] as const,
  transactionTypes: () => [...lookupKeys.all, 'transaction-types'] as const,
  responseCodes: () => [...lookupKeys.all, 'response-codes'] as const,
  recipientPrograms: () => [...lookupKeys.all, 'recipient-programs'] as const,
};

/** Look-ups change rarely; a form reads them many times while a person works. */
const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * GET /account-api/account/programs: the programs in the caller's scope (every program for platform admins), with
 * the benefit defaults the issue form applies.
 */
export const callerProgramsQuery = () =>
  queryOptions({
    queryKey: lookupKeys.callerPrograms(),
    queryFn: async ({ signal }) =>
      z.array(CallerProgram).parse(await api.get<unknown>('/account-api/account/programs', { signal })),
    staleTime: LOOKUP_STALE_MS,
  });

export function useCallerPrograms() {
  return useQuery(callerProgramsQuery());
}

/** GET /account-api/application/programs: the caller's programs that take online applications (B§7). */
export function useApplicationPrograms(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.applicationPrograms(),
    queryFn: async ({ signal }) =>
      z.array(ApplicantProgram).parse(await api.get<unknown>('/account-api/application/programs', { signal })),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

/**
 * GET /account-api/agency (A§6, A§7): the caller's agencies, of one program when given. `viewable` sends
 * viewable=1 (the agencies the caller may view: agency staff see their own).
 */
export function useAgencies(
  programUuid: string | null,
  { viewable, enabled = true }: { viewable: boolean; enabled?: boolean },
) {
  return useQuery({
    queryKey: lookupKeys.agencies(programUuid ?? '', viewable),
    queryFn: async ({ signal }) =>
      z.array(AgencyOption).parse(
        await api.get<unknown>('/account-api/agency', {
          signal,
          query: { programUuid: programUuid ?? undefined, viewable: viewable ? 1 : undefined },
        }),
      ),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * GET /account-api/program/{programUuid}/agencies: the agencies of a program the caller may use (A§5 move: both
 * agencies must be the caller's).
 */
export function useProgramAgencies(programUuid: string, enabled = true) {
  return useQuery({
    queryKey: lookupKeys.programAgencies(programUuid),
    queryFn: async ({ signal }) =>
      z.array(AgencyOption).parse(await api.get<unknown>(`/account-api/program/${programUuid}/agencies`, { signal })),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** GET /benefit-api/funding-sources/{programUuid}; a 404 means none are defined (A§8), which the form shows. */
export function useFundingSources(programUuid: string | null) {
  return useQuery({
    queryKey: lookupKeys.fundingSources(programUuid ?? ''),
    queryFn: async ({ signal }) =>
      z
        .array(FundingSourceOption)
        .parse(await api.get<unknown>(`/benefit-api/funding-sources/${programUuid}`, { signal })),
    enabled: !!programUuid,
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}

/** GET /merchant-api/tax-classes (B§3 Lookups, B§9): the merchant form's tax classification choices. */
export function useTaxClasses(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.taxClasses(),
    queryFn: async ({ signal }) =>
      z.array(TaxClassOption).parse(await api.get<unknown>('/merchant-api/tax-classes', { signal })),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** GET /merchant-api/tin-types (B§3 Lookups, B§9: SSN and EIN): the merchant form's TIN type choices. */
export function useTinTypes(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.tinTypes(),
    queryFn: async ({ signal }) =>
      z.array(TinTypeOption).parse(await api.get<unknown>('/merchant-api/tin-types', { signal })),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * GET /user-api/roles: every role picker's choices (B§7). The roles screens change roles; they invalidate
 * `lookupKeys.roles()` so the pickers show the change.
 */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.roles(),
    queryFn: async ({ signal }) => z.array(RoleOption).parse(await api.get<unknown>('/user-api/roles', { signal })),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** GET /transaction-api/transaction-types (A§3): the transaction search's type choices. */
export function useTransactionTypes(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.transactionTypes(),
    queryFn: async ({ signal }) =>
      z.array(TransactionTypeOption).parse(await api.get<unknown>('/transaction-api/transaction-types', { signal })),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** GET /transaction-api/response-codes (A§3): the transaction search's response choices. */
export function useResponseCodes(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.responseCodes(),
    queryFn: async ({ signal }) =>
      z.array(ResponseCodeOption).parse(await api.get<unknown>('/transaction-api/response-codes', { signal })),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * GET /account-api/account/currentuser/programs: the programs the signed-in recipient has an account in (A§7), the
 * program choice of the recipient's own forms (the external card form).
 */
export function useRecipientPrograms(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.recipientPrograms(),
    queryFn: async ({ signal }) =>
      z
        .array(CurrentRecipientProgram)
        .parse(await api.get<unknown>('/account-api/account/currentuser/programs', { signal })),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}
