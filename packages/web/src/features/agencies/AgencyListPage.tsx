import { AGENCY_MESSAGES, type AgencyOption } from '@ebt/core/agencies';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Button, Grid, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useSessionUser } from '../../lib/session-user';
import { useCallerPrograms } from '../../lib/lookups';
import { useAgencyPage } from './api';
import type { StaffBase } from '../../lib/staff-base';

const COLUMNS: DataTableColumn<AgencyOption>[] = [
  { key: 'agencyName', header: 'Name' },
  { key: 'agencyCode', header: 'Code' },
  { key: 'programName', header: 'Program' },
];

/**
 * `{base}/agencies` (B§2 "Agencies"): Name, Code and Program, 10 a page (the server pages: decision 0028); a program
 * filter only when the caller has more than one program; 'New Agency' only with AGENCY_ADD; a row opens
 * {base}/agency/{agencyUuid} only with AGENCY_VIEW; 'No agencies found.' when none. The program and the page live in
 * the URL, so Back returns to them.
 */
export default function AgencyListPage({ base }: { base: StaffBase }) {
  const { privileges } = useSessionUser();
  const canAdd = hasAnyPrivilege(privileges, PRIVILEGE.AGENCY_ADD);
  const canView = hasAnyPrivilege(privileges, PRIVILEGE.AGENCY_VIEW);
  // Part 1 §6: agency admins and agency users send viewable=1.
  const agencyStaff = hasAnyPrivilege(privileges, PRIVILEGE.AGENCYADMIN_ACCESS, PRIVILEGE.AGENCYUSER_ACCESS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const programUuid = params.get('programUuid') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);

  const programs = useCallerPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
    [programs.data],
  );
  const list = useAgencyPage(programUuid, page, agencyStaff);

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
      title="Agencies"
      actions={
        canAdd && (
          <Button component={Link} to={`/${base}/agency/add`} leftSection={<IconPlus aria-hidden size={18} />}>
            New Agency
          </Button>
        )
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
            caption="Agencies"
            columns={COLUMNS}
            rows={list.data?.data ?? []}
            rowKey={(row) => row.agencyUuid}
            onRowClick={canView ? (row) => void navigate(`/${base}/agency/${row.agencyUuid}`) : undefined}
            rowLabel={(row) => `Open agency ${row.agencyName}`}
            loading={list.isFetching}
            emptyMessage={list.isSuccess && !list.isPlaceholderData ? AGENCY_MESSAGES.NO_AGENCIES_FOUND : undefined}
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
        {list.data?.countCapped && (
          <MessageBanner
            kind="info"
            messages={`More than ${list.data.totalCount.toLocaleString('en-US')} agencies match; the pages show the first ${list.data.totalCount.toLocaleString('en-US')} by name.`}
          />
        )}
      </Stack>
    </Page>
  );
}
