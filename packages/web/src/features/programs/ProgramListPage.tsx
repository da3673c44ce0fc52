import { PROGRAM_CONTACT_EMAIL_MAX, PROGRAM_NAME_MAX, PROGRAM_SHORT_NAME_MAX } from '@ebt/core/constants';
import { PROGRAM_STATUS_LABEL, US_STATES, type ProgramStatus } from '@ebt/core/enums';
import { PROGRAM_MESSAGES, type AdminProgramRow } from '@ebt/core/programs';
import { Button, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { SearchForm } from '../../components/SearchForm';
import { errorMessagesOf } from '../../lib/errors';
import { useSearchForm } from '../../lib/search-form';
import { selectProps } from '../../lib/select-props';
import {
  ADMIN_PROGRAM_URL_CRITERIA,
  adminProgramCriteria,
  adminProgramValuesOf,
  EMPTY_ADMIN_PROGRAM_SEARCH,
} from './admin-criteria';
import { useAdminProgramSearch } from './admin-api';

const STATUS_OPTIONS = Object.entries(PROGRAM_STATUS_LABEL).map(([value, label]) => ({ value, label }));
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

const statusLabel = (id: number) => PROGRAM_STATUS_LABEL[id as ProgramStatus] ?? String(id);

/** B§2: name, short name, contact email, status, start date, end date, state. */
const COLUMNS: DataTableColumn<AdminProgramRow>[] = [
  { key: 'programName', header: 'Name' },
  { key: 'shortName', header: 'Short Name' },
  { key: 'contactEmail', header: 'Contact Email', render: (r) => r.contactEmail ?? '' },
  { key: 'programStatusId', header: 'Status', render: (r) => statusLabel(r.programStatusId) },
  { key: 'startDate', header: 'Start Date', render: (r) => (r.startDate ? <DateText value={r.startDate} /> : '') },
  { key: 'endDate', header: 'End Date', render: (r) => (r.endDate ? <DateText value={r.endDate} /> : '') },
  { key: 'contactStateCode', header: 'State', render: (r) => r.contactStateCode ?? '' },
];

/**
 * `/admin/programs` (B§2 "Admin programs", B§7): the programs by name, short name, contact e-mail (prefixes), state and
 * status; the list opens on every program (docs/decisions/0030) and pages 10 at a time; a row opens the program.
 */
export default function ProgramListPage() {
  const navigate = useNavigate();
  const headingId = useId();
  const { form, submitted, submitHandler, clear, showPage } = useSearchForm({
    spec: ADMIN_PROGRAM_URL_CRITERIA,
    empty: EMPTY_ADMIN_PROGRAM_SEARCH,
    valuesOf: adminProgramValuesOf,
    criteriaOf: adminProgramCriteria,
    validate: {},
  });
  const search = useAdminProgramSearch(submitted?.criteria ?? {});
  const rows = useMemo(() => search.data?.data ?? [], [search.data]);
  const handleSubmit = submitHandler(() => void search.refetch());

  return (
    <Page
      title="Programs"
      actions={
        <Button component={Link} to="/admin/program/add" leftSection={<IconPlus aria-hidden size={18} />}>
          New Program
        </Button>
      }
    >
      <Stack gap="lg">
        <SearchForm
          label="Program search criteria"
          canSearch
          onSubmit={() => handleSubmit()}
          onClear={clear}
          loading={search.isFetching}
        >
          <TextInput
            label="Program Name"
            maxLength={PROGRAM_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('programName')}
          />
          <TextInput
            label="Short Name"
            maxLength={PROGRAM_SHORT_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('shortName')}
          />
          <TextInput
            label="Contact Email"
            type="email"
            maxLength={PROGRAM_CONTACT_EMAIL_MAX}
            autoComplete="off"
            {...form.getInputProps('contactEmail')}
          />
          <Select
            label="Contact State"
            placeholder="All states"
            data={STATE_OPTIONS}
            searchable
            clearable
            {...selectProps(form.getInputProps('contactStateCode'))}
            onChange={(value) => form.setFieldValue('contactStateCode', value ?? '')}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS}
            clearable
            {...selectProps(form.getInputProps('programStatusId'))}
            onChange={(value) => form.setFieldValue('programStatusId', value ?? '')}
          />
        </SearchForm>

        <Stack gap="sm" component="section" aria-labelledby={headingId}>
          <Title order={2} id={headingId} fz="h3">
            Results
          </Title>
          {search.isError ? (
            <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />
          ) : (
            <DataTable
              caption="Programs found"
              columns={COLUMNS}
              rows={rows}
              rowKey={(row) => row.programUuid}
              onRowClick={(row) => void navigate(`/admin/program/${row.programUuid}`)}
              rowLabel={(row) => `Open program ${row.programName}`}
              loading={search.isFetching}
              emptyMessage={
                search.isSuccess && !search.isPlaceholderData ? PROGRAM_MESSAGES.NO_PROGRAMS_FOUND : undefined
              }
              clientPaging={{ page: submitted?.page ?? 0, onPageChange: showPage }}
            />
          )}
        </Stack>
      </Stack>
    </Page>
  );
}
