import { ApplicantCreated, ApplicationDefinition, type ApplicantBody } from '@ebt/core/applicants';
import type { z } from 'zod';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The public online application (A§2 /apply/ct, A§7 "Online application"). No session is needed.

/** The definition the public form at /apply/ct shows (A§7: GET /account-api/application/1). */
export const PUBLIC_APPLICATION_ID = 1;

export const applicantKeys = {
  all: ['applicants'] as const,
  definition: (applicationId: number) => [...applicantKeys.all, 'definition', applicationId] as const,
};

export const applicationDefinitionQuery = (applicationId: number) =>
  queryOptions({
    queryKey: applicantKeys.definition(applicationId),
    queryFn: async ({ signal }) =>
      ApplicationDefinition.parse(await api.get<unknown>(`/account-api/application/${applicationId}`, { signal })),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useApplicationDefinition(applicationId: number) {
  return useQuery(applicationDefinitionQuery(applicationId));
}

/** POST /account-api/applicant: the applicant's fields and the chosen program. */
export function useSubmitApplicant() {
  return useMutation({
    mutationFn: async (body: z.input<typeof ApplicantBody>) =>
      ApplicantCreated.parse(await api.post<unknown>('/account-api/applicant', body)),
  });
}
