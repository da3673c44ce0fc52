import type { EndpointInput } from '@ebt/core/contract';
import { programApi, type ProgramBody } from '@ebt/core/programs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import { lookupKeys } from '../../lib/lookups';
import type { AdminProgramCriteria } from './admin-criteria';

// The admin program screens (B§2 "Admin programs", B§7 "Programs and configuration"): their queries and changes, each
// through its contract in programApi.

/** The query key of one program's answer (the edit screen reads the freshly saved program from the cache). */
export function adminProgramKey(programUuid: string) {
  return endpointKey(programApi.detail, { params: { programUuid } });
}

type ProgramSearchQuery = EndpointInput<typeof programApi.search>['query'];

/**
 * The programs matching the criteria (all of them without any), shown 10 a page. The criteria are the URL's as typed:
 * a status other than 0 or 1 is sent as it is, for the server to refuse.
 */
export function useAdminProgramSearch(criteria: AdminProgramCriteria | null) {
  return useQuery({
    ...endpointQuery(programApi.search, { query: { ...criteria } as ProgramSearchQuery }),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
  });
}

/** The program with its funding sources (secret configuration entries masked). */
export function useAdminProgram(programUuid: string) {
  return useQuery({ ...endpointQuery(programApi.detail, { params: { programUuid } }), retry: false });
}

/** The funding source names a new program starts with. */
export function useDefaultFunding(enabled = true) {
  return useQuery({
    ...endpointQuery(programApi.defaultFunding, {}),
    enabled,
    // The form starts from it once; a refetch must not reset sources the person has edited.
    staleTime: Infinity,
  });
}

/** The option types a program may require on its benefits. */
export function useBenefitOptionTypes() {
  return useQuery({ ...endpointQuery(programApi.benefitOptionTypes, {}), staleTime: 5 * 60_000 });
}

/**
 * After a save: the program again, fresh searches, and the look-ups every area reads programs and funding sources
 * from (a renamed program or source shows everywhere).
 */
function refreshPrograms(queryClient: ReturnType<typeof useQueryClient>, programUuid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminProgramKey(programUuid) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(programApi.search) }),
    queryClient.invalidateQueries({ queryKey: lookupKeys.callerPrograms() }),
    queryClient.invalidateQueries({ queryKey: lookupKeys.fundingSources(programUuid) }),
  ]);
}

/** A new program (programApi.add): 'Program added.' and the new program's uuid. */
export function useAddProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgramBody) => callEndpoint(programApi.add, { body }),
    onSuccess: (saved) => refreshPrograms(queryClient, saved.programUuid),
  });
}

/** The program and its funding sources in one save (programApi.update): 'Program updated.'. */
export function useSaveProgram(programUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgramBody) => callEndpoint(programApi.update, { params: { programUuid }, body }),
    onSuccess: () => refreshPrograms(queryClient, programUuid),
  });
}
