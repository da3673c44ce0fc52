import { benefitApi, type IssueBenefitBody, type UpdateBenefitBody, type VoidBenefitBody } from '@ebt/core/benefits';
import { CREATION_CHANNEL } from '@ebt/core/enums';
import { incentiveApi, type IncentiveListAnswer } from '@ebt/core/incentives';
import { FILE_CHECK_TOKEN_FIELD } from '@ebt/core/imports';
import { recipientApi, type RecipientSearchPage } from '@ebt/core/recipients';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import { uploadTo } from '../../lib/upload';
import type { BenefitCriteria } from './criteria';

// The program and admin benefit screens (A§2, A§7 "Benefits"): look-ups of the issue form, the paged search, one
// benefit and its changes, each through its contract (benefitApi, and the incentive and recipient lists the issue
// form reads). Pages never call the API themselves.

/** Look-ups change rarely; the issue form reads them many times while a person works. */
const LOOKUP_STALE_MS = 5 * 60_000;

/** benefitApi.optionType: the option dropdown of a program with an option type (A§5). */
export function useBenefitOptionType(optionTypeId: number | null) {
  return useQuery({
    ...endpointQuery(benefitApi.optionType, { params: { id: optionTypeId ?? 0 } }),
    enabled: optionTypeId !== null,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** The incentives of the list, whichever shape it came in (the whole list, or a page of it). */
function incentivesOf(answer: IncentiveListAnswer) {
  return Array.isArray(answer) ? answer : answer.data;
}

/** incentiveApi.list with programUuid: the incentives an Incentive benefit may name. */
export function useProgramIncentives(programUuid: string | null, enabled: boolean) {
  return useQuery({
    ...endpointQuery(incentiveApi.list, { query: { programUuid: programUuid ?? undefined } }),
    select: incentivesOf,
    enabled: enabled && !!programUuid,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * The recipient an Account ID names in a program (recipientApi.search), so the issue form can say whose account it is
 * before the benefit goes out. Without a program it answers every program's match (a link with ?recipientId=).
 */
export function useRecipientMatch(recipientIdentifier: string, programUuid: string | null) {
  const identifier = recipientIdentifier.trim();
  return useQuery({
    ...endpointQuery(recipientApi.search, {
      query: { recipientIdentifier: identifier, programUuid: programUuid ?? undefined, pageSize: 10 },
    }),
    select: (page: RecipientSearchPage) =>
      page.data.filter((row) => row.recipientIdentifier.toLowerCase() === identifier.toLowerCase()),
    enabled: identifier !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/** The query of benefitApi.search: the criteria plus the zero-based page (A§7, A§9 pageSize 10). */
export type BenefitSearchRequest = Partial<BenefitCriteria> & { page: number; pageSize: number };

/** benefitApi.search: one page of the caller's benefits, newest first. */
export function useBenefitSearch(query: BenefitSearchRequest) {
  return useQuery({
    ...endpointQuery(benefitApi.search, { query }),
    // The table keeps the page it shows while the next one loads (no flash of an empty list between pages).
    placeholderData: keepPreviousData,
  });
}

/** benefitApi.detail: one benefit. */
export const benefitQuery = (benefitUuid: string) =>
  queryOptions({ ...endpointQuery(benefitApi.detail, { params: { benefitUuid } }), retry: false });

export function useBenefit(benefitUuid: string) {
  return useQuery(benefitQuery(benefitUuid));
}

/** Drops cached searches, so a list shows the change when the person goes back to it. */
function invalidateSearches(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: endpointKey(benefitApi.search) });
}

/**
 * benefitApi.issue (A§7) with core's parsed body (amounts and ids as numbers, decision 0004). Lists are refreshed
 * before the caller shows 'Benefit issued.'.
 */
export function useIssueBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueBenefitBody) => callEndpoint(benefitApi.issue, { body }),
    onSuccess: () => invalidateSearches(queryClient),
  });
}

/** benefitApi.update (A§7) with lastUpdatedDate, so a change made meanwhile answers 409. */
export function useUpdateBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBenefitBody) => callEndpoint(benefitApi.update, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(benefitQuery(saved.benefitUuid).queryKey, saved);
      await invalidateSearches(queryClient);
    },
  });
}

/**
 * The void request (A§7 benefitApi.voidBenefit): the status name part 1 §7 sends (the server takes VOID too,
 * resolution 1) and the web channel, as the issue and edit forms send theirs (the server's default is API).
 */
const VOID_REQUEST = {
  benefitStatus: 'VOIDED',
  updationChannel: CREATION_CHANNEL.WEB,
} as const satisfies VoidBenefitBody;

/** benefitApi.voidBenefit (A§7). */
export function useVoidBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (benefitUuid: string) =>
      callEndpoint(benefitApi.voidBenefit, { params: { benefitUuid }, body: VOID_REQUEST }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(benefitQuery(saved.benefitUuid).queryKey, saved);
      await invalidateSearches(queryClient);
    },
  });
}

/**
 * benefitApi.importFile, multipart with the file in its upload field (benefitFile, A§7) and programUuid, the program
 * of rows that name none (docs/benefit-file.md), with upload progress.
 */
export interface BenefitFileUpload {
  programUuid: string | null;
  file: File;
  onProgress?: (percent: number) => void;
  /** The token of the check this file passed (decision 0117). */
  checkToken?: string;
}

function benefitFileData({ programUuid, file, checkToken }: BenefitFileUpload): FormData {
  const data = new FormData();
  if (programUuid) data.append('programUuid', programUuid);
  // Text fields before the file: the server reads the parts in order.
  if (checkToken) data.append(FILE_CHECK_TOKEN_FIELD, checkToken);
  data.append(benefitApi.importFile.upload.field, file);
  return data;
}

export function useUploadBenefitFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: BenefitFileUpload) =>
      uploadTo(benefitApi.importFile, {}, benefitFileData(upload), { onProgress: upload.onProgress }),
    onSuccess: () => invalidateSearches(queryClient),
  });
}

/** The benefit file checked (benefitApi.checkFile): what each row would do; nothing is written. */
export function useCheckBenefitFile() {
  return useMutation({
    mutationFn: (upload: BenefitFileUpload) =>
      uploadTo(benefitApi.checkFile, {}, benefitFileData(upload), { onProgress: upload.onProgress }),
  });
}
