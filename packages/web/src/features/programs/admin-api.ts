import {
  AdminProgramSearchResult,
  BenefitOptionType,
  DefaultFunding,
  ProgramDetail,
  ProgramSaved,
  type ProgramBody,
} from '@ebt/core/programs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { lookupKeys } from '../../lib/lookups';
import type { AdminProgramCriteria } from './admin-criteria';

// The admin program screens (B§2 "Admin programs", B§7 "Programs and configuration"): query keys, queries and changes.

export const adminProgramKeys = {
  all: ['admin-programs'] as const,
  searches: () => [...adminProgramKeys.all, 'search'] as const,
  search: (criteria: AdminProgramCriteria) => [...adminProgramKeys.searches(), criteria] as const,
  detail: (programUuid: string) => [...adminProgramKeys.all, 'detail', programUuid] as const,
  defaultFunding: () => [...adminProgramKeys.all, 'default-funding'] as const,
  optionTypes: () => [...adminProgramKeys.all, 'benefit-option-types'] as const,
};

/** GET /admin-api/programs: the programs matching the criteria (all of them without any), shown 10 a page. */
export function useAdminProgramSearch(criteria: AdminProgramCriteria | null) {
  return useQuery({
    queryKey: adminProgramKeys.search(criteria ?? {}),
    queryFn: async ({ signal }) =>
      AdminProgramSearchResult.parse(await api.get<unknown>('/admin-api/programs', { signal, query: { ...criteria } })),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /admin-api/programs/{uuid}: the program with its funding sources (secret configuration entries masked). */
export function useAdminProgram(programUuid: string) {
  return useQuery({
    queryKey: adminProgramKeys.detail(programUuid),
    queryFn: async ({ signal }) =>
      ProgramDetail.parse(await api.get<unknown>(`/admin-api/programs/${programUuid}`, { signal })),
    retry: false,
  });
}

/** GET /admin-api/programs/default-funding: the funding source names a new program starts with. */
export function useDefaultFunding(enabled = true) {
  return useQuery({
    queryKey: adminProgramKeys.defaultFunding(),
    queryFn: async ({ signal }) =>
      DefaultFunding.parse(await api.get<unknown>('/admin-api/programs/default-funding', { signal })),
    enabled,
    // The form starts from it once; a refetch must not reset sources the person has edited.
    staleTime: Infinity,
  });
}

/** GET /admin-api/benefit-option-types: the option types a program may require on its benefits. */
export function useBenefitOptionTypes() {
  return useQuery({
    queryKey: adminProgramKeys.optionTypes(),
    queryFn: async ({ signal }) =>
      z.array(BenefitOptionType).parse(await api.get<unknown>('/admin-api/benefit-option-types', { signal })),
    staleTime: 5 * 60_000,
  });
}

/**
 * After a save: the program again, fresh searches, and the look-ups every area reads programs and funding sources
 * from (a renamed program or source shows everywhere).
 */
function refreshPrograms(queryClient: ReturnType<typeof useQueryClient>, programUuid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminProgramKeys.detail(programUuid) }),
    queryClient.invalidateQueries({ queryKey: adminProgramKeys.searches() }),
    queryClient.invalidateQueries({ queryKey: lookupKeys.callerPrograms() }),
    queryClient.invalidateQueries({ queryKey: lookupKeys.fundingSources(programUuid) }),
  ]);
}

/** POST /admin-api/programs: 'Program added.' and the new program's uuid. */
export function useAddProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProgramBody) => ProgramSaved.parse(await api.post<unknown>('/admin-api/programs', body)),
    onSuccess: (saved) => refreshPrograms(queryClient, saved.programUuid),
  });
}

/** PUT /admin-api/programs/{uuid}: the program and its funding sources in one save, 'Program updated.'. */
export function useSaveProgram(programUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProgramBody) =>
      ProgramSaved.parse(await api.put<unknown>(`/admin-api/programs/${programUuid}`, body)),
    onSuccess: () => refreshPrograms(queryClient, programUuid),
  });
}
