import {
  BenefitDetail,
  BenefitFileAnswer,
  BenefitOptionTypeAnswer,
  BenefitSearchPage,
  type IssueBenefitBody,
  type UpdateBenefitBody,
  type VoidBenefitBody,
} from '@ebt/core/benefits';
import { CREATION_CHANNEL } from '@ebt/core/enums';
import { RecipientSearchPage } from '@ebt/core/recipients';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';
import type { BenefitCriteria } from './criteria';

// The program and admin benefit screens (A§2, A§7 "Benefits"): look-ups of the issue form, the paged search, one
// benefit and its changes. Pages never call the API themselves.

export const benefitKeys = {
  all: ['benefits'] as const,
  search: (query: BenefitSearchRequest) => [...benefitKeys.all, 'search', query] as const,
  searches: () => [...benefitKeys.all, 'search'] as const,
  detail: (benefitUuid: string) => [...benefitKeys.all, 'detail', benefitUuid] as const,
  optionType: (id: number) => [...benefitKeys.all, 'option-type', id] as const,
  incentives: (programUuid: string) => ['incentives', 'program', programUuid] as const,
  recipientMatch: (recipientIdentifier: string, programUuid: string) =>
    ['recipients', 'match', recipientIdentifier, programUuid] as const,
};

/** Look-ups change rarely; the issue form reads them many times while a person works. */
const LOOKUP_STALE_MS = 5 * 60_000;

/** GET /benefit-api/benefit-option-type/{id}: the option dropdown of a program with an option type (A§5). */
export function useBenefitOptionType(optionTypeId: number | null) {
  return useQuery({
    queryKey: benefitKeys.optionType(optionTypeId ?? 0),
    queryFn: async ({ signal }) =>
      BenefitOptionTypeAnswer.parse(
        await api.get<unknown>(`/benefit-api/benefit-option-type/${optionTypeId}`, { signal }),
      ),
    enabled: optionTypeId !== null,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * An incentive as the issue form offers it (A§3 "Incentive (as used here)"). The incentives area owns the full
 * answer; the form needs only the key and the name, so other fields pass through unread.
 */
const IncentiveChoice = z.object({ incentiveUuid: z.uuid(), name: z.string() });
export type IncentiveChoice = z.infer<typeof IncentiveChoice>;
const IncentiveList = z.union([
  z.array(IncentiveChoice),
  z.object({ data: z.array(IncentiveChoice) }).transform((page) => page.data),
]);

/** GET /account-api/incentive?programUuid=: the incentives an Incentive benefit may name. */
export function useProgramIncentives(programUuid: string | null, enabled: boolean) {
  return useQuery({
    queryKey: benefitKeys.incentives(programUuid ?? ''),
    queryFn: async ({ signal }) =>
      IncentiveList.parse(await api.get<unknown>('/account-api/incentive', { query: { programUuid }, signal })),
    enabled: enabled && !!programUuid,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * The recipient an Account ID names in a program (GET /account-api/account), so the issue form can say whose account
 * it is before the benefit goes out. Without a program it answers every program's match (a link with ?recipientId=).
 */
export function useRecipientMatch(recipientIdentifier: string, programUuid: string | null) {
  const identifier = recipientIdentifier.trim();
  return useQuery({
    queryKey: benefitKeys.recipientMatch(identifier, programUuid ?? ''),
    queryFn: async ({ signal }) =>
      RecipientSearchPage.parse(
        await api.get<unknown>('/account-api/account', {
          query: { recipientIdentifier: identifier, programUuid: programUuid ?? undefined, pageSize: 10 },
          signal,
        }),
      ).data.filter((row) => row.recipientIdentifier.toLowerCase() === identifier.toLowerCase()),
    enabled: identifier !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/** The query of GET /benefit-api/benefit: the criteria plus the zero-based page (A§7, A§9 pageSize 10). */
export type BenefitSearchRequest = Partial<BenefitCriteria> & { page: number; pageSize: number };

/** GET /benefit-api/benefit: one page of the caller's benefits, newest first. */
export function useBenefitSearch(query: BenefitSearchRequest) {
  return useQuery({
    queryKey: benefitKeys.search(query),
    queryFn: async ({ signal }) =>
      BenefitSearchPage.parse(await api.get<unknown>('/benefit-api/benefit', { query, signal })),
    // The table keeps the page it shows while the next one loads (no flash of an empty list between pages).
    placeholderData: keepPreviousData,
  });
}

/** GET /benefit-api/benefit/{uuid}. */
export const benefitQuery = (benefitUuid: string) =>
  queryOptions({
    queryKey: benefitKeys.detail(benefitUuid),
    queryFn: async ({ signal }) =>
      BenefitDetail.parse(await api.get<unknown>(`/benefit-api/benefit/${benefitUuid}`, { signal })),
    retry: false,
  });

export function useBenefit(benefitUuid: string) {
  return useQuery(benefitQuery(benefitUuid));
}

/**
 * POST /benefit-api/benefit (A§7) with core's parsed body (amounts and ids as numbers, decision 0004). Lists are
 * refreshed before the caller shows 'Benefit issued.'.
 */
export function useIssueBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: IssueBenefitBody) =>
      BenefitDetail.parse(await api.post<unknown>('/benefit-api/benefit', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benefitKeys.searches() }),
  });
}

/** PUT /benefit-api/benefit (A§7) with lastUpdatedDate, so a change made meanwhile answers 409. */
export function useUpdateBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateBenefitBody) =>
      BenefitDetail.parse(await api.put<unknown>('/benefit-api/benefit', body)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(benefitKeys.detail(saved.benefitUuid), saved);
      await queryClient.invalidateQueries({ queryKey: benefitKeys.searches() });
    },
  });
}

/**
 * The void request (A§7 PATCH /benefit-api/benefit/{uuid}): the status name part 1 §7 sends (the server takes VOID too,
 * resolution 1) and the web channel, as the issue and edit forms send theirs (the server's default is API).
 */
const VOID_REQUEST = {
  benefitStatus: 'VOIDED',
  updationChannel: CREATION_CHANNEL.WEB,
} as const satisfies VoidBenefitBody;

/** PATCH /benefit-api/benefit/{uuid} (A§7). */
export function useVoidBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (benefitUuid: string) =>
      BenefitDetail.parse(await api.patch<unknown>(`/benefit-api/benefit/${benefitUuid}`, VOID_REQUEST)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(benefitKeys.detail(saved.benefitUuid), saved);
      await queryClient.invalidateQueries({ queryKey: benefitKeys.searches() });
    },
  });
}

/**
 * POST /benefit-api/benefit/file, multipart with benefitFile (A§7) and programUuid, the program of rows that name none
 * (docs/benefit-file.md), with upload progress.
 */
export function useUploadBenefitFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      programUuid,
      file,
      onProgress,
    }: {
      programUuid: string | null;
      file: File;
      onProgress: (percent: number) => void;
    }) => {
      const data = new FormData();
      if (programUuid) data.append('programUuid', programUuid);
      data.append('benefitFile', file);
      return BenefitFileAnswer.parse(await uploadFile<unknown>('/benefit-api/benefit/file', data, { onProgress }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benefitKeys.searches() }),
  });
}
