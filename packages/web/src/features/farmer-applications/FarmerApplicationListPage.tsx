import { FARMER_APPLICATION_PAGE_SIZE, type FarmerApplicationRow } from '@ebt/core/farmer-applications';
import { MESSAGES } from '@ebt/core/messages';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Anchor, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { SearchForm } from '../../components/SearchForm';
import { errorMessagesOf } from '../../lib/errors';
import { useSearchForm } from '../../lib/search-form';
import { selectProps } from '../../lib/select-props';
import { useSessionUser } from '../../lib/session-user';
import type { StaffBase } from '../../lib/staff-base';
import { useFarmerApplicationPrograms, useFarmerApplicationSearch } from './api';
import { StatusBadge } from './components/StatusBadge';
import {
  EMPTY_FARMER_APPLICATION_SEARCH,
  FARMER_APPLICATION_URL_CRITERIA,
  farmerApplicationCriteria,
  farmerApplicationValuesOf,
  validateFarmerApplicationSearch,
} from './criteria';
import { countText, NO_APPLICATIONS_FOUND, STATUS_OPTIONS } from './labels';

/**
 * `{base}/farmer-applications` (decision 0111): the review queue of farmers' applications to the
 * caller's programs, waiting longest first; narrowed by text (farm, contact, e-mail or number), program and status,
 * the criteria and page in the URL (Back and a reload show the same page). Each row's number links to the
 * application. Staff without MERCHANT_VIEW do not have the menu item; an address typed in gets the privilege text.
 */
export default function FarmerApplicationListPage({ base }: { base: StaffBase }) {
  const user = useSessionUser();
  const allowed = hasAnyPrivilege(user.privileges, PRIVILEGE.MERCHANT_VIEW);
  return (
    <Page title="Farmer Applications">
      {allowed ? <ApplicationQueue base={base} /> : <MessageBanner kind="danger" messages={MESSAGES.PRIVILEGE_ERROR} />}
    </Page>
  );
}

function ApplicationQueue({ base }: { base: StaffBase }) {
  const headingId = useId();
  const { form, submitted, params, submitHandler, clear, showPage } = useSearchForm({
    spec: FARMER_APPLICATION_URL_CRITERIA,
    empty: EMPTY_FARMER_APPLICATION_SEARCH,
    valuesOf: farmerApplicationValuesOf,
    criteriaOf: farmerApplicationCriteria,
    validate: validateFarmerApplicationSearch,
  });

  const programs = useFarmerApplicationPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: String(p.programId), label: p.programName })),
    [programs.data],
  );

  // The URL always holds a search (no criterion lists the whole queue); the first page until one is named.
  const criteria = submitted?.criteria ?? {};
  const page = submitted?.page ?? 0;
  const search = useFarmerApplicationSearch(criteria, page);
  const handleSubmit = submitHandler(() => void search.refetch());
  const answer = search.data;
  const rows = answer?.data ?? [];
  const columns = useMemo(() => queueColumns(base, params.toString()), [base, params]);

  return (
    <Stack gap="lg">
      <SearchForm
        label="Farmer application search criteria"
        canSearch
        onSubmit={() => handleSubmit()}
        onClear={clear}
        loading={search.isFetching}
      >
        <TextInput
          label="Farm, contact, e-mail or number"
          maxLength={100}
          autoComplete="off"
          {...form.getInputProps('q')}
        />
        <Select
          label="Program"
          placeholder={programs.isPending ? 'Loading programs…' : 'All programs'}
          data={programOptions}
          clearable
          {...selectProps(form.getInputProps('programId'))}
          onChange={(value) => form.setFieldValue('programId', value ?? '')}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={STATUS_OPTIONS as { value: string; label: string }[]}
          clearable
          {...selectProps(form.getInputProps('status'))}
          onChange={(value) => form.setFieldValue('status', value ?? '')}
        />
      </SearchForm>

      <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />

      <Stack gap="sm" component="section" aria-labelledby={headingId}>
        <Group justify="space-between" gap="sm" align="baseline">
          <Title order={2} id={headingId} fz="h3">
            Applications
          </Title>
          {answer && !search.isError && (
            <Text c="dimmed" fz="sm" aria-live="polite">
              {countText(answer.totalCount, answer.countCapped)}
            </Text>
          )}
        </Group>
        {search.isError ? (
          <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />
        ) : (
          <DataTable
            caption="Farmer applications"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.applicationUuid}
            pageSize={FARMER_APPLICATION_PAGE_SIZE}
            loading={search.isFetching}
            emptyMessage={search.isSuccess && !search.isPlaceholderData ? NO_APPLICATIONS_FOUND : undefined}
            serverPaging={
              answer
                ? {
                    page: answer.page,
                    totalPages: answer.totalPages,
                    totalCount: answer.totalCount,
                    onPageChange: showPage,
                  }
                : undefined
            }
          />
        )}
      </Stack>
    </Stack>
  );
}

function queueColumns(base: StaffBase, search: string): DataTableColumn<FarmerApplicationRow>[] {
  return [
    {
      key: 'applicationNumber',
      header: 'Number',
      render: (row) => (
        // A link, so it opens in a new tab too; the detail's way back returns to these results.
        <Anchor
          component={Link}
          to={`/${base}/farmer-applications/${row.applicationUuid}`}
          state={{ search }}
          fw={600}
          style={{ whiteSpace: 'nowrap' }}
          aria-label={`Open application ${row.applicationNumber} of ${row.farmName}`}
        >
          {row.applicationNumber}
        </Anchor>
      ),
    },
    { key: 'farmName', header: 'Farm' },
    {
      key: 'contact',
      header: 'Contact',
      render: (row) => (
        <>
          {row.contactName}
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Text>
        </>
      ),
    },
    { key: 'city', header: 'City' },
    { key: 'programs', header: 'Programs', render: (row) => row.programs.join(', ') },
    { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} size="sm" /> },
    {
      key: 'submittedAt',
      header: 'Submitted',
      render: (row) => <DateText value={row.submittedAt} format="date" />,
    },
  ];
}
