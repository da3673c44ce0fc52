import { agencyApi, type AgencyOption } from '@ebt/core/agencies';
import { applicantApi } from '@ebt/core/applicants';
import { benefitApi } from '@ebt/core/benefits';
import { merchantApi } from '@ebt/core/merchants';
import { programApi } from '@ebt/core/programs';
import { recipientApi } from '@ebt/core/recipients';
import { roleApi } from '@ebt/core/roles';
import { transactionApi } from '@ebt/core/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint-client';
import { wholeListOf } from './list-answers';

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
 * programApi.callerPrograms: the programs in the caller's scope (every program for platform admins), with
 * the benefit defaults the issue form applies.
 */
export const callerProgramsQuery = () =>
  queryOptions({
    queryKey: lookupKeys.callerPrograms(),
    queryFn: async ({ signal }) => callEndpoint(programApi.callerPrograms, {}, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });

export function useCallerPrograms() {
  return useQuery(callerProgramsQuery());
}

/** applicantApi.programs: the caller's programs that take online applications (B§7). */
export function useApplicationPrograms(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.applicationPrograms(),
    queryFn: async ({ signal }) => callEndpoint(applicantApi.programs, {}, { signal }),
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}

/**
 * agencyApi.list (A§6, A§7): the caller's agencies, of one program when given. `viewable` sends
 * viewable=1 (the agencies the caller may view: agency staff see their own).
 */
export function useAgencies(
  programUuid: string | null,
  { viewable, enabled = true }: { viewable: boolean; enabled?: boolean },
) {
  return useQuery({
    queryKey: lookupKeys.agencies(programUuid ?? '', viewable),
    queryFn: async ({ signal }) =>
      callEndpoint(
        agencyApi.list,
        { query: { programUuid: programUuid ?? undefined, viewable: viewable ? '1' : undefined } },
        { signal },
      ),
    select: wholeListOf<AgencyOption>,
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * agencyApi.programAgencies: the agencies of a program the caller may use (A§5 move: both
 * agencies must be the caller's).
 */
export function useProgramAgencies(programUuid: string, enabled = true) {
  return useQuery({
    queryKey: lookupKeys.programAgencies(programUuid),
    queryFn: async ({ signal }) => callEndpoint(agencyApi.programAgencies, { params: { programUuid } }, { signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** benefitApi.fundingSources; a 404 means none are defined (A§8), which the form shows. */
export function useFundingSources(programUuid: string | null) {
  return useQuery({
    queryKey: lookupKeys.fundingSources(programUuid ?? ''),
    queryFn: async ({ signal }) =>
      callEndpoint(benefitApi.fundingSources, { params: { programUuid: programUuid! } }, { signal }),
    enabled: !!programUuid,
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}

/** merchantApi.taxClasses (B§3 Lookups, B§9): the merchant form's tax classification choices. */
export function useTaxClasses(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.taxClasses(),
    queryFn: async ({ signal }) => callEndpoint(merchantApi.taxClasses, {}, { signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** merchantApi.tinTypes (B§3 Lookups, B§9: SSN and EIN): the merchant form's TIN type choices. */
export function useTinTypes(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.tinTypes(),
    queryFn: async ({ signal }) => callEndpoint(merchantApi.tinTypes, {}, { signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * roleApi.options: every role picker's choices (B§7). The roles screens change roles; they invalidate
 * `lookupKeys.roles()` so the pickers show the change.
 */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.roles(),
    queryFn: async ({ signal }) => callEndpoint(roleApi.options, {}, { signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** transactionApi.transactionTypes (A§3): the transaction search's type choices. */
export function useTransactionTypes(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.transactionTypes(),
    queryFn: async ({ signal }) => callEndpoint(transactionApi.transactionTypes, {}, { signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** transactionApi.responseCodes (A§3): the transaction search's response choices. */
export function useResponseCodes(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.responseCodes(),
    queryFn: async ({ signal }) => callEndpoint(transactionApi.responseCodes, {}, { signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * recipientApi.ownPrograms: the programs the signed-in recipient has an account in (A§7), the
 * program choice of the recipient's own forms (the external card form).
 */
export function useRecipientPrograms(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.recipientPrograms(),
    queryFn: async ({ signal }) => callEndpoint(recipientApi.ownPrograms, {}, { signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}
