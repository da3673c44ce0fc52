import { todayIn } from '@ebt/core/format';
import {
  type ReconciliationFigures,
  type ReconciliationQuery as Query,
  ReconciliationQuery,
  type ReconciliationRow,
} from '@ebt/core/settlement';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateField } from '../../components/DateField';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms } from '../../lib/lookups';
import { portalTimeZone } from '../../lib/time-zone';
import { useReconciliation } from './api';
import type { StaffBase } from '../../lib/staff-base';

/**
 * `/{admin|program}/settlements/reconciliation` (decision 0058): for a program and a range of its
 * days, per funding source and in total, the money issued, redeemed (settled and not yet), the redemption fees,
 * what is outstanding, expired and expunged (docs/settlement.md "Reconciliation").
 */
export default function ReconciliationPage({ base }: { base: StaffBase }) {
  const programs = useCallerPrograms();
  const today = useMemo(() => todayIn(portalTimeZone()), []);
  const [values, setValues] = useState({ programUuid: '', startDate: `${today.slice(0, 8)}01`, endDate: today });
  const [errors, setErrors] = useState<Partial<Record<keyof Query, string>>>({});
  const [submitted, setSubmitted] = useState<Query | null>(null);
  const report = useReconciliation(submitted);
  const programUuid = values.programUuid || (programs.data?.length === 1 ? programs.data[0]!.programUuid : '');
  const options = [
    { value: '', label: 'Choose a program' },
    ...(programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReconciliationQuery.safeParse({ ...values, programUuid });
    if (!parsed.success) {
      const found: Partial<Record<keyof Query, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Query;
        found[field] ??= field === 'programUuid' ? 'Choose a program.' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSubmitted(parsed.data);
  };

  const rows: (ReconciliationRow & { key: string })[] = report.data
    ? [
        ...report.data.sources.map((s) => ({ ...s, key: String(s.fundingSourceId ?? 'none') })),
        { ...report.data.total, fundingSourceId: null, fundingSourceName: 'Total', key: 'total' },
      ]
    : [];
  const money = (key: keyof ReconciliationFigures, header: string): DataTableColumn<ReconciliationRow> => ({
    key,
    header,
    align: 'right',
    render: (r) => <Money value={r[key]} />,
  });
  const columns: DataTableColumn<ReconciliationRow & { key: string }>[] = [
    {
      key: 'fundingSourceName',
      header: 'Funding source',
      render: (r) => (r.fundingSourceName === null ? 'No funding source' : r.fundingSourceName),
    },
    money('issuedAmt', 'Issued'),
    money('redeemedSettledAmt', 'Settled'),
    money('redeemedUnsettledAmt', 'Not yet settled'),
    money('feeAmt', 'Fees'),
    money('outstandingAmt', 'Outstanding'),
    money('expiredAmt', 'Expired'),
    money('expungedAmt', 'Expunged'),
  ];

  return (
    <Page title="Reconciliation">
      <Stack gap="md">
        <Group gap="sm">
          <Button component={Link} to={`/${base}/settlements`} variant="default">
            Back to settlements
          </Button>
        </Group>
        <form onSubmit={submit} noValidate aria-label="Reconciliation">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label="Program"
              required
              data={options}
              value={programUuid}
              error={errors.programUuid}
              onChange={(event) => {
                const chosen = event.currentTarget.value;
                setValues((v) => ({ ...v, programUuid: chosen }));
              }}
            />
            <DateField
              label="Start date"
              required
              value={values.startDate}
              max={today}
              error={errors.startDate}
              onChange={(startDate) => setValues((v) => ({ ...v, startDate }))}
            />
            <DateField
              label="End date"
              required
              value={values.endDate}
              error={errors.endDate}
              onChange={(endDate) => setValues((v) => ({ ...v, endDate }))}
            />
            <Button type="submit" loading={report.isFetching}>
              Show
            </Button>
          </Group>
        </form>
        {report.isError ? (
          <MessageBanner kind="danger" messages={errorMessagesOf(report.error)} />
        ) : report.data ? (
          <Stack gap="xs">
            <Text size="sm">
              {report.data.programName}, {report.data.startDate} to {report.data.endDate} (the program’s days). Issued
              and outstanding count benefits available in the range; expired and expunged, benefits whose expiration
              date is in it. Settled and not yet settled are the money redeemed in the range (purchases less refunds and
              reversals), by whether a closed batch holds it; fees are its redemption fees.
            </Text>
            <DataTable
              caption="Reconciliation by funding source"
              columns={columns}
              rows={rows}
              rowKey={(r) => r.key}
              emptyMessage="Nothing to reconcile in this range."
            />
          </Stack>
        ) : null}
      </Stack>
    </Page>
  );
}
