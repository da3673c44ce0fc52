import { applicantApi, type ApplicantBody } from '@ebt/core/applicants';
import type { z } from 'zod';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointQuery } from '../../lib/endpoint-client';

// The public online application (A§2 /apply/ct, A§7 "Online application"), through applicantApi. No session is needed.

/** The definition the public form at /apply/ct shows (A§7: applicantApi.form of application 1). */
export const PUBLIC_APPLICATION_ID = 1;

export const applicationDefinitionQuery = (applicationId: number) =>
  queryOptions({
    ...endpointQuery(applicantApi.form, { params: { applicationId } }),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useApplicationDefinition(applicationId: number) {
  return useQuery(applicationDefinitionQuery(applicationId));
}

/** applicantApi.submit: the applicant's fields and the chosen program. */
export function useSubmitApplicant() {
  return useMutation({
    mutationFn: (body: z.input<typeof ApplicantBody>) => callEndpoint(applicantApi.submit, { body }),
  });
}
