import type { DashboardSnapshot } from '@ebt/core/dashboard';
import { formatMoney } from '@ebt/core/format';
import { type AppliedFilter, useFundingBreakdown, useMerchantParticipation } from '../api';
import { ChartCard } from './ChartCard';
import { PieWithTable } from './PieWithTable';

// The pies of the dashboard (B§2): program funding sources, issuance and redemption from the snapshot, and merchant
// participation. Each with its summary table.

const PALETTE = ['blue.7', 'teal.7', 'orange.7', 'grape.7', 'cyan.8', 'red.7', 'lime.8', 'indigo.7'];

export function FundingPie({ filter, fundingNames }: { filter: AppliedFilter; fundingNames: Map<number, string> }) {
  const breakdown = useFundingBreakdown(filter, true);
  return (
    <ChartCard title="Program Funding Sources" loading={breakdown.isPending} error={breakdown.error}>
      <PieWithTable
        caption="Issued by funding source"
        money
        slices={(breakdown.data ?? []).map((row, index) => ({
          name: fundingNames.get(row.dataId) ?? `Funding ${row.dataId}`,
          value: row.amount,
          percentage: row.percentage,
          color: PALETTE[index % PALETTE.length]!,
        }))}
      />
    </ChartCard>
  );
}

export function IssuancePie({ snapshot }: { snapshot: DashboardSnapshot }) {
  return (
    <ChartCard title="Issuance" loading={false} error={null}>
      <PieWithTable
        caption={`Funding ${formatMoney(snapshot.funding)}`}
        money
        slices={[
          { name: 'Issued', value: snapshot.issued, percentage: snapshot.issuedPct, color: 'blue.7' },
          { name: 'Not Issued', value: snapshot.notIssued, percentage: snapshot.notIssuedPct, color: 'gray.5' },
        ]}
      />
    </ChartCard>
  );
}

export function RedemptionPie({ snapshot }: { snapshot: DashboardSnapshot }) {
  return (
    <ChartCard title="Redemption" loading={false} error={null}>
      <PieWithTable
        caption="Redeemed of issued"
        money
        slices={[
          { name: 'Redeemed', value: snapshot.redeemed, percentage: snapshot.redemptionPct, color: 'teal.7' },
          { name: 'Not Redeemed', value: snapshot.notRedeemed, percentage: snapshot.notRedeemedPct, color: 'gray.5' },
        ]}
      />
    </ChartCard>
  );
}

export function MerchantPie({ filter }: { filter: AppliedFilter }) {
  const merchants = useMerchantParticipation(filter, true);
  const m = merchants.data;
  return (
    <ChartCard title="Merchant Participation" loading={merchants.isPending} error={merchants.error}>
      {m && (
        <PieWithTable
          caption={`${m.merchantCount.count} merchants`}
          money={false}
          slices={[
            {
              name: 'With Redemptions',
              value: m.merchantRedemptionCount.count,
              percentage: m.merchantRedemptionCount.percentage,
              color: 'teal.7',
            },
            {
              name: 'Without Redemptions',
              value: m.merchantNoRedemptionCount.count,
              percentage: m.merchantNoRedemptionCount.percentage,
              color: 'gray.5',
            },
          ]}
        />
      )}
    </ChartCard>
  );
}
