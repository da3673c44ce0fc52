import {
  farmerApplicationApi,
  type ConfirmationBody,
  type ConfirmBody,
  type FarmerApplicationBody,
  type FarmerApplicationUpdateBody,
} from '@ebt/core/farmer-applications';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The farmers' public application (/apply/farmer) and their status page (/apply/farmer/status), through
// farmerApplicationApi. No session is needed: every call is public (and throttled per address by the server).

/** The programs taking farmer applications today, with their questions and agreement. */
export function useOpenFarmerPrograms() {
  return useQuery({ ...endpointQuery(farmerApplicationApi.openPrograms, {}), retry: false, staleTime: 5 * 60_000 });
}

/** Sends a code to the e-mail and one by text message to the mobile phone. */
export function useSendCodes() {
  return useMutation({
    mutationFn: (body: z.input<typeof ConfirmationBody>) => callEndpoint(farmerApplicationApi.sendCodes, { body }),
  });
}

/** Checks the two codes of a confirmation. */
export function useConfirmCodes() {
  return useMutation({
    mutationFn: ({ confirmationId, body }: { confirmationId: string; body: ConfirmBody }) =>
      callEndpoint(farmerApplicationApi.confirm, { params: { confirmationId }, body }),
  });
}

/** Submits the whole application, once its contact is confirmed. */
export function useSubmitFarmerApplication() {
  return useMutation({
    mutationFn: (body: z.input<typeof FarmerApplicationBody>) => callEndpoint(farmerApplicationApi.submit, { body }),
  });
}

/** Where the application of a status link stands. */
export function useFarmerApplicationStatus(token: string | null) {
  return useQuery({
    ...endpointQuery(farmerApplicationApi.status, { params: { token: token ?? '' } }),
    enabled: token !== null,
    retry: false,
  });
}

/** The farmer's answer to a request for more information; the status is read again after it. */
export function useUpdateFarmerApplication(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof FarmerApplicationUpdateBody>) =>
      callEndpoint(farmerApplicationApi.update, { params: { token }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: endpointKey(farmerApplicationApi.status, { params: { token } }) }),
  });
}
