import { applicantApi, type ApplicantSearchCriteria } from '@ebt/core/applicants';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-client';

// The staff applicant screen (B§2 "Applicants", B§7 "Applicants"): its queries, through applicantApi. Processing an
// applicant is the recipient add form's recipientApi.add (features/recipients, RecipientAddForm) with its
// applicantId.

/**
 * applicantApi.search (B§7): pending applicants, newest first, up to APPLICANT_SEARCH_CAP in one answer that the
 * screen pages 10 at a time. The phone goes as digits (the criteria hold it so).
 */
export const applicantSearchQuery = (criteria: ApplicantSearchCriteria) =>
  endpointQuery(applicantApi.search, { query: { ...criteria } });

/** The search for `criteria`; nothing runs while `criteria` is null (no search submitted yet). */
export function useApplicantSearch(criteria: ApplicantSearchCriteria | null) {
  return useQuery({
    ...applicantSearchQuery(criteria ?? {}),
    enabled: criteria !== null,
    // A new search keeps the old rows on screen (dimmed) until its answer arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/**
 * Reloads the applicant searches (resolution 25: as soon as the change is saved, no delay): a processed applicant
 * leaves the list, and one someone else processed meanwhile does too. Resolves once the shown search has reloaded.
 */
export function useRefreshApplicantSearches() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: endpointKey(applicantApi.search) }),
    [queryClient],
  );
}
