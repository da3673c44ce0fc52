import { dashboardApi, type DateRange } from '@ebt/core/dashboard';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The dashboard's queries (B§7 Dashboard), each through its contract in dashboardApi. Each chart is its own query,
// keyed by its filter and its own range, so a chart whose range changes reloads alone (B§4) and the others keep their
// answers.

/** The filter a Retrieve Data applied: the program, optional agency and funding source, and the main range. */
export interface AppliedFilter {
  programUuid: string;
  agencyUuid: string;
  fundingId: string;
  dateRange: DateRange;
}

/** Stands for the filter while none is applied: the queries are idle then, and never call with it. */
const NO_FILTER: AppliedFilter = { programUuid: '', agencyUuid: '', fundingId: '', dateRange: '' };

const filterQuery = (f: AppliedFilter, dateRange: DateRange) => ({
  programUuid: f.programUuid,
  agencyUuid: f.agencyUuid || undefined,
  fundingId: f.fundingId || undefined,
  dateRange,
});

/** The program, agency and funding rows of the filters. */
export function useDashboardRows() {
  return useQuery(endpointQuery(dashboardApi.rows, {}));
}

/** The snapshot, once a filter is applied. */
export function useSnapshot(filter: AppliedFilter | null) {
  const f = filter ?? NO_FILTER;
  return useQuery({
    ...endpointQuery(dashboardApi.snapshot, { query: filterQuery(f, f.dateRange) }),
    enabled: filter !== null,
    retry: false,
  });
}

/** The funding breakdown: the chosen agency's (agencyFunding) or the program's (programFunding). */
export function useFundingBreakdown(filter: AppliedFilter | null, enabled: boolean) {
  const f = filter ?? NO_FILTER;
  const query = { dateRange: f.dateRange };
  return useQuery({
    ...(f.agencyUuid
      ? endpointQuery(dashboardApi.agencyFunding, { params: { agencyUuid: f.agencyUuid }, query })
      : endpointQuery(dashboardApi.programFunding, { params: { programUuid: f.programUuid }, query })),
    enabled: filter !== null && enabled,
    retry: false,
  });
}

/** A daily series with the chart's own range. */
export function useChartSeries(filter: AppliedFilter | null, dataType: number, range: DateRange, enabled: boolean) {
  const f = filter ?? NO_FILTER;
  return useQuery({
    ...endpointQuery(dashboardApi.chartData, { query: { ...filterQuery(f, range), dataType } }),
    enabled: filter !== null && enabled,
    retry: false,
  });
}

/** The merchants with the most redeemed, with the chart's own range. */
export function useTopMerchants(filter: AppliedFilter | null, range: DateRange, enabled: boolean) {
  const f = filter ?? NO_FILTER;
  return useQuery({
    ...endpointQuery(dashboardApi.topMerchants, { query: filterQuery(f, range) }),
    enabled: filter !== null && enabled,
    retry: false,
  });
}

/** The program's merchant participation with the main range. */
export function useMerchantParticipation(filter: AppliedFilter | null, enabled: boolean) {
  const f = filter ?? NO_FILTER;
  return useQuery({
    ...endpointQuery(dashboardApi.merchantParticipation, {
      params: { programUuid: f.programUuid },
      query: { dateRange: f.dateRange },
    }),
    enabled: filter !== null && enabled,
    retry: false,
  });
}

/**
 * The program's settlement figures over the main range (decision 0074), for those who see settlements.
 * Program-wide: not asked when an agency is chosen.
 */
export function useDashboardSettlement(f: AppliedFilter, enabled: boolean) {
  return useQuery({
    ...endpointQuery(dashboardApi.settlement, {
      query: { programUuid: f.programUuid, fundingId: f.fundingId || undefined, dateRange: f.dateRange },
    }),
    enabled,
    retry: false,
  });
}

/** Every figure of the dashboard read again (a Retrieve Data of the same filter); the filters' rows stay. */
export function refreshDashboardFigures(queryClient: QueryClient) {
  return Promise.all(
    [
      dashboardApi.snapshot,
      dashboardApi.agencyFunding,
      dashboardApi.programFunding,
      dashboardApi.chartData,
      dashboardApi.topMerchants,
      dashboardApi.merchantParticipation,
      dashboardApi.settlement,
    ].map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
  );
}
