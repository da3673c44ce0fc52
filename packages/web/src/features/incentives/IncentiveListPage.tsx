import { INCENTIVE_MESSAGES, type Incentive } from '@ebt/core/incentives';
import { Button, Grid, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useIncentivePage, useIncentivePrograms } from './api';

const COLUMNS: DataTableColumn<Incentive>[] = [
  { key: 'name', header: 'Name' },
  { key: 'startDate', header: 'Start Date', render: (row) => <DateText value={row.startDate} /> },
  { key: 'endDate', header: 'End Date', render: (row) => <DateText value={row.endDate} fallback="—" /> },
  { key: 'program', header: 'Program', render: (row) => row.program.programName },
  { key: 'funding', header: 'Funding', render: (row) => row.funding.name },
  // B§9: incentive dates show as YYYY-MM-DD, the last change too (its local date).
  { key: 'updated', header: 'Updated', render: (row) => <DateText value={row.updated} format="date" /> },
];

/**
 * `/admin/incentives` (B§2 "Admin incentives"): Name, Start Date, End Date, Program, Funding, Updated; 10 a page (the
 * server pages, decision 0040); 'New Incentive'; 'No incentives found.' when none. A program filter narrows the list;
 * the program and the page live in the URL, so Back returns to them. A row opens /admin/incentive/{incentiveUuid}.
 */
export default function IncentiveListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const programUuid = params.get('programUuid') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);
  const programs = useIncentivePrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
    [programs.data],
  );
  const list = useIncentivePage(programUuid, page);

  const show = (next: { programUuid?: string; page?: number }) => {
    const query = new URLSearchParams();
    const program = next.programUuid ?? programUuid;
    if (program) query.set('programUuid', program);
    const nextPage = next.page ?? 0;
    if (nextPage > 0) query.set('page', String(nextPage + 1));
    setParams(query);
  };

  return (
    <Page
      title="Incentives"
      actions={
        <Button component={Link} to="/admin/incentive/add" leftSection={<IconPlus aria-hidden size={18} />}>
          New Incentive
        </Button>
      }
    >
      <Stack gap="lg">
        <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />
        {programOptions.length > 1 && (
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <Select
                label="Program"
                placeholder="All programs"
                data={programOptions}
                clearable
                value={programUuid || null}
                onChange={(value) => show({ programUuid: value ?? '', page: 0 })}
              />
            </Grid.Col>
          </Grid>
        )}
        {list.isError ? (
          <MessageBanner kind="danger" messages={errorMessagesOf(list.error)} />
        ) : (
          <DataTable
            caption="Incentives"
            columns={COLUMNS}
            rows={list.data?.data ?? []}
            rowKey={(row) => row.incentiveUuid}
            onRowClick={(row) => void navigate(`/admin/incentive/${row.incentiveUuid}`)}
            rowLabel={(row) => `Open incentive ${row.name}`}
            loading={list.isFetching}
            emptyMessage={
              list.isSuccess && !list.isPlaceholderData ? INCENTIVE_MESSAGES.NO_INCENTIVES_FOUND : undefined
            }
            serverPaging={
              list.data
                ? {
                    page: list.data.page,
                    totalPages: list.data.totalPages,
                    totalCount: list.data.totalCount,
                    onPageChange: (next) => show({ page: next }),
                  }
                : undefined
            }
          />
        )}
      </Stack>
    </Page>
  );
}
