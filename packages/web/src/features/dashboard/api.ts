import {
  ChartPoint,
  DashboardRow,
  DashboardSettlement,
  DashboardSnapshot,
  type DateRange,
  FundingShare,
  MerchantAmount,
  MerchantParticipation,
} from '@ebt/core/dashboard';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';

// The dashboard's queries (B§7 Dashboard). Each chart is its own query, keyed by its filter and its own range, so a
// chart whose range changes reloads alone (B§4) and the others keep their answers.

/** The filter a Retrieve Data applied: the program, optional agency and funding source, and the main range. */
export interface AppliedFilter {
  programUuid: string;
  agencyUuid: string;
  fundingId: string;
  dateRange: DateRange;
}

const filterQuery = (f: AppliedFilter, dateRange: DateRange): Record<string, string | undefined> => ({
  programUuid: f.programUuid,
  agencyUuid: f.agencyUuid || undefined,
  fundingId: f.fundingId || undefined,
  dateRange,
});

export const dashboardKeys = {
  all: ['dashboard'] as const,
  rows: () => [...dashboardKeys.all, 'rows'] as const,
  snapshot: (f: AppliedFilter) => [...dashboardKeys.all, 'snapshot', f] as const,
  funding: (f: AppliedFilter) => [...dashboardKeys.all, 'funding', f] as const,
  chart: (f: AppliedFilter, dataType: number, range: DateRange) =>
    [...dashboardKeys.all, 'chart', f, dataType, range] as const,
  topMerchants: (f: AppliedFilter, range: DateRange) => [...dashboardKeys.all, 'top-merchants', f, range] as const,
  merchants: (f: AppliedFilter) => [...dashboardKeys.all, 'merchants', f] as const,
  settlement: (f: AppliedFilter) => [...dashboardKeys.all, 'settlement', f] as const,
};

/** GET /account-api/dash: the program, agency and funding rows of the filters. */
export function useDashboardRows() {
  return useQuery({
    queryKey: dashboardKeys.rows(),
    queryFn: async ({ signal }) => z.array(DashboardRow).parse(await api.get<unknown>('/account-api/dash', { signal })),
  });
}

/** GET /account-api/dash/snapshot, once a filter is applied. */
export function useSnapshot(f: AppliedFilter | null) {
  return useQuery({
    queryKey: dashboardKeys.snapshot(f!),
    queryFn: async ({ signal }) =>
      DashboardSnapshot.parse(
        await api.get<unknown>('/account-api/dash/snapshot', { signal, query: filterQuery(f!, f!.dateRange) }),
      ),
    enabled: f !== null,
    retry: false,
  });
}

/** The funding breakdown: the chosen agency's (agency-funding) or the program's (program-funding). */
export function useFundingBreakdown(f: AppliedFilter | null, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.funding(f!),
    queryFn: async ({ signal }) =>
      z
        .array(FundingShare)
        .parse(
          await api.get<unknown>(
            f!.agencyUuid
              ? `/account-api/dash/agency-funding/${f!.agencyUuid}`
              : `/account-api/dash/program-funding/${f!.programUuid}`,
            { signal, query: { dateRange: f!.dateRange } },
          ),
        ),
    enabled: f !== null && enabled,
    retry: false,
  });
}

/** GET /account-api/dash/chart-data with the chart's own range. */
export function useChartSeries(f: AppliedFilter | null, dataType: number, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.chart(f!, dataType, range),
    queryFn: async ({ signal }) =>
      z.array(ChartPoint).parse(
        await api.get<unknown>('/account-api/dash/chart-data', {
          signal,
          query: { ...filterQuery(f!, range), dataType },
        }),
      ),
    enabled: f !== null && enabled,
    retry: false,
  });
}

/** GET /account-api/dash/top-merchant-redemptions with the chart's own range. */
export function useTopMerchants(f: AppliedFilter | null, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.topMerchants(f!, range),
    queryFn: async ({ signal }) =>
      z.array(MerchantAmount).parse(
        await api.get<unknown>('/account-api/dash/top-merchant-redemptions', {
          signal,
          query: filterQuery(f!, range),
        }),
      ),
    enabled: f !== null && enabled,
    retry: false,
  });
}

/** GET /account-api/dash/merchant-data/{programUuid} with the main range. */
export function useMerchantParticipation(f: AppliedFilter | null, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.merchants(f!),
    queryFn: async ({ signal }) =>
      MerchantParticipation.parse(
        await api.get<unknown>(`/account-api/dash/merchant-data/${f!.programUuid}`, {
          signal,
          query: { dateRange: f!.dateRange },
        }),
      ),
    enabled: f !== null && enabled,
    retry: false,
  });
}

/**
 * GET /account-api/dash/settlement (decision 0074): the program's settlement figures over the main range, for those
 * who see settlements. Program-wide: not asked when an agency is chosen.
 */
export function useDashboardSettlement(f: AppliedFilter, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.settlement(f),
    queryFn: async ({ signal }) =>
      DashboardSettlement.parse(
        await api.get<unknown>('/account-api/dash/settlement', {
          signal,
          query: { programUuid: f.programUuid, fundingId: f.fundingId || undefined, dateRange: f.dateRange },
        }),
      ),
    enabled,
    retry: false,
  });
}
