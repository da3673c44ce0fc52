import { farmerApplicationApi, type FarmerApplicationSettingsBody } from '@ebt/core/farmer-applications';
import { merchantApi } from '@ebt/core/merchants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import type { FarmerApplicationCriteria } from './criteria';

// The staff review of farmers' applications and the programs' settings (decision 0111), each call
// through its contract in farmerApplicationApi. Pages never call the API themselves.

/** The caller's programs, for the queue's program filter. */
export function useFarmerApplicationPrograms() {
  return useQuery({ ...endpointQuery(farmerApplicationApi.staffPrograms, {}), staleTime: 5 * 60_000 });
}

/** A page of the queue (the server pages, 20 a page); the old rows stay on screen until the next page answers. */
export function useFarmerApplicationSearch(criteria: FarmerApplicationCriteria | null, page: number) {
  return useQuery({
    ...endpointQuery(farmerApplicationApi.search, { query: { ...criteria, page } }),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
  });
}

/** One application with its duplicates and history (404 out of the caller's programs). */
export function useFarmerApplication(applicationUuid: string, enabled = true) {
  return useQuery({
    ...endpointQuery(farmerApplicationApi.detail, { params: { applicationUuid } }),
    enabled,
    retry: false,
  });
}

/**
 * After a decision (or a refusal of one: another person decided first) the application reads again, and so do the
 * queue and, after an approval, the merchant searches.
 */
function useDecided(applicationUuid: string) {
  const queryClient = useQueryClient();
  const decided = () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: endpointKey(farmerApplicationApi.detail, { params: { applicationUuid } }),
      }),
      queryClient.invalidateQueries({ queryKey: endpointKey(farmerApplicationApi.search) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(merchantApi.search) }),
    ]);
  return {
    onSuccess: decided,
    // 409: someone decided first, or the farmer's answer changed the status: the page shows where it stands now.
    onError: (error: Error) => (isApiError(error, 409) ? decided() : undefined),
  };
}

export function useAskMoreInfo(applicationUuid: string) {
  const decided = useDecided(applicationUuid);
  return useMutation({
    mutationFn: (note: string) =>
      callEndpoint(farmerApplicationApi.askMoreInfo, { params: { applicationUuid }, body: { note } }),
    ...decided,
  });
}

export function useApproveApplication(applicationUuid: string) {
  const decided = useDecided(applicationUuid);
  return useMutation({
    mutationFn: (merchantIdentifier: string) =>
      callEndpoint(farmerApplicationApi.approve, { params: { applicationUuid }, body: { merchantIdentifier } }),
    ...decided,
  });
}

export function useRefuseApplication(applicationUuid: string) {
  const decided = useDecided(applicationUuid);
  return useMutation({
    mutationFn: (reason: string) =>
      callEndpoint(farmerApplicationApi.refuse, { params: { applicationUuid }, body: { reason } }),
    ...decided,
  });
}

/** A program's farmer application settings (closed, no questions, when never set). */
export function useFarmerApplicationSettings(programUuid: string, enabled = true) {
  return useQuery({
    ...endpointQuery(farmerApplicationApi.settings, { params: { programUuid } }),
    enabled,
    retry: false,
  });
}

/** Saves the settings; the saved settings become the query's answer. */
export function useSaveFarmerApplicationSettings(programUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FarmerApplicationSettingsBody) =>
      callEndpoint(farmerApplicationApi.saveSettings, { params: { programUuid }, body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(endpointKey(farmerApplicationApi.settings, { params: { programUuid } }), saved),
  });
}
