import '@mantine/charts/styles.layer.css';
import {
  CHART_DATA_TYPE,
  DASHBOARD_MESSAGES,
  DEFAULT_CHART_DATE_RANGE,
  DEFAULT_DATE_RANGE,
  type DateRange,
  hasBenefitData,
} from '@ebt/core/dashboard';
import { PRIVILEGE, hasAnyPrivilege } from '@ebt/core/privileges';
import { Button, Grid, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import type { StaffBase } from '../../lib/staff-base';
import { useSessionUser } from '../../lib/session-user';
import { type AppliedFilter, refreshDashboardFigures, useDashboardRows, useSnapshot } from './api';
import { RANGE_OPTIONS } from './components/ChartCard';
import { FundingPie, IssuancePie, MerchantPie, RedemptionPie } from './components/SnapshotPies';
import { SeriesChart, TopMerchantsChart } from './components/SeriesCharts';
import { SettlementPie } from './components/SettlementPie';

/** Resolution 22: the six series and their titles. */
const SERIES = [
  { dataType: CHART_DATA_TYPE.REDEMPTION_AMOUNT, title: 'Redemption Amounts' },
  { dataType: CHART_DATA_TYPE.REDEMPTION_COUNT, title: 'Redemption Counts' },
  { dataType: CHART_DATA_TYPE.ISSUANCE_AMOUNT, title: 'Issuance Amounts' },
  { dataType: CHART_DATA_TYPE.ISSUANCE_COUNT, title: 'Issuance Counts' },
  { dataType: CHART_DATA_TYPE.RECIPIENT_REDEMPTION_COUNT, title: 'Recipient Redemption Counts' },
  { dataType: CHART_DATA_TYPE.INCENTIVES_EARNED, title: 'Incentives Earned' },
] as const;
const TOP_MERCHANTS = 'top-merchants';
type ChartRanges = Record<string, DateRange>;
const chartRanges = (range: DateRange): ChartRanges =>
  Object.fromEntries([...SERIES.map((s) => String(s.dataType)), TOP_MERCHANTS].map((key) => [key, range]));

/**
 * `/program/dash` and `/admin/dash` (B§2, B§4 Dashboard; docs/dashboard.md). Filters Program, Agency, Funding Source
 * and Date Range; 'Retrieve Data' (disabled until a program is chosen) loads the snapshot, then the funding
 * breakdown and every chart. With no funding, issued or redeemed, every chart is cleared and 'No benefit data
 * available.' shows. Each bar chart has its own range (Last 30 Days until data is retrieved, then the main range).
 */
export default function DashboardPage({ area }: { area: StaffBase }) {
  const queryClient = useQueryClient();
  // The settlement card: for those who see the settlements (decision 0074), as the server's access says.
  const seesSettlements = hasAnyPrivilege(
    useSessionUser().privileges,
    PRIVILEGE.PROGRAMADMIN_ACCESS,
    PRIVILEGE.NDGADMIN_ACCESS,
  );
  const rows = useDashboardRows();
  const [programUuid, setProgramUuid] = useState('');
  const [agencyUuid, setAgencyUuid] = useState('');
  const [fundingId, setFundingId] = useState('');
  const [dateRange, setDateRange] = useState<DateRange>(DEFAULT_DATE_RANGE);
  const [applied, setApplied] = useState<AppliedFilter | null>(null);
  const [ranges, setRanges] = useState<ChartRanges>(() => chartRanges(DEFAULT_CHART_DATE_RANGE));

  const lists = useMemo(() => {
    const all = rows.data ?? [];
    const programs = new Map<string, string>();
    for (const r of all) programs.set(r.programUuid, r.programName);
    const mine = all.filter((r) => r.programUuid === programUuid);
    return {
      programs: [...programs].map(([value, label]) => ({ value, label })),
      agencies: mine.filter((r) => r.agencyUuid).map((r) => ({ value: r.agencyUuid!, label: r.agencyName! })),
      funding: mine
        .filter((r) => r.fundingId !== null)
        .map((r) => ({ value: String(r.fundingId), label: r.fundingName! })),
    };
  }, [rows.data, programUuid]);

  const snapshot = useSnapshot(applied);
  const hasData = snapshot.isSuccess && hasBenefitData(snapshot.data);
  const appliedFundingNames = useMemo(() => {
    const all = rows.data ?? [];
    return new Map(
      all
        .filter((r) => r.programUuid === applied?.programUuid && r.fundingId !== null)
        .map((r) => [r.fundingId!, r.fundingName!]),
    );
  }, [rows.data, applied]);

  const retrieve = () => {
    setApplied({ programUuid, agencyUuid, fundingId, dateRange });
    setRanges(chartRanges(dateRange));
    // Retrieving the same filter again reloads it (the figures may have moved since).
    void refreshDashboardFigures(queryClient);
  };

  const changeProgram = (value: string) => {
    // B§4: changing the program resets agency and funding source and rebuilds their lists.
    setProgramUuid(value);
    setAgencyUuid('');
    setFundingId('');
  };

  return (
    <Page title="Dashboard">
      <Stack gap="lg">
        <MessageBanner kind="warning" messages={rows.isError ? errorMessagesOf(rows.error) : []} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (programUuid) retrieve();
          }}
        >
          <Grid align="end">
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <NativeSelect
                label="Program"
                data={[{ value: '', label: 'Select a program' }, ...lists.programs]}
                value={programUuid}
                onChange={(event) => changeProgram(event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <NativeSelect
                label="Agency"
                data={[{ value: '', label: 'All agencies' }, ...lists.agencies]}
                value={agencyUuid}
                disabled={!programUuid}
                onChange={(event) => setAgencyUuid(event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
              <NativeSelect
                label="Funding Source"
                data={[{ value: '', label: 'All funding sources' }, ...lists.funding]}
                value={fundingId}
                disabled={!programUuid}
                onChange={(event) => setFundingId(event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
              <NativeSelect
                label="Date Range"
                data={RANGE_OPTIONS}
                value={dateRange}
                onChange={(event) => setDateRange(event.currentTarget.value as DateRange)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 2 }}>
              <Button type="submit" disabled={!programUuid} fullWidth>
                Retrieve Data
              </Button>
            </Grid.Col>
          </Grid>
        </form>

        {applied && snapshot.isError && <MessageBanner kind="warning" messages={errorMessagesOf(snapshot.error)} />}
        {applied && snapshot.isSuccess && !hasData && (
          <MessageBanner kind="warning" messages={DASHBOARD_MESSAGES.NO_BENEFIT_DATA} />
        )}
        {applied && snapshot.isFetching && !snapshot.isSuccess && !snapshot.isError && (
          <MessageBanner kind="info" messages="Loading the dashboard…" />
        )}
        {applied && hasData && (
          <>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <FundingPie filter={applied} fundingNames={appliedFundingNames} />
              <IssuancePie snapshot={snapshot.data} />
              <RedemptionPie snapshot={snapshot.data} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {SERIES.map((s) => (
                <SeriesChart
                  key={s.dataType}
                  filter={applied}
                  dataType={s.dataType}
                  title={s.title}
                  range={ranges[String(s.dataType)]!}
                  onRangeChange={(range) => setRanges((current) => ({ ...current, [String(s.dataType)]: range }))}
                />
              ))}
              <TopMerchantsChart
                filter={applied}
                range={ranges[TOP_MERCHANTS]!}
                onRangeChange={(range) => setRanges((current) => ({ ...current, [TOP_MERCHANTS]: range }))}
              />
              <MerchantPie filter={applied} />
              {seesSettlements && <SettlementPie filter={applied} area={area} />}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Page>
  );
}
