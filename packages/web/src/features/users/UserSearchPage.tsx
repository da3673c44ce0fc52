import { USER_SEARCH_EMAIL_MAX, USER_SEARCH_NAME_MAX, USER_SEARCH_USERNAME_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { Button, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { SearchForm } from '../../components/SearchForm';
import { errorMessagesOf } from '../../lib/errors';
import { useAgencies, useCallerPrograms, useRoles } from '../../lib/lookups';
import { personName } from '../../lib/person';
import { useSearchForm } from '../../lib/search-form';
import { selectProps } from '../../lib/select-props';
import type { StaffBase } from '../../lib/staff-base';
import { useUserSearch } from './api';
import {
  EMPTY_USER_SEARCH,
  hasUserSearchCriterion,
  roleFilterOptions,
  USER_SEARCH_NEEDS_CRITERION,
  USER_URL_CRITERIA,
  userSearchCriteria,
  userSearchValuesOf,
  validateUserSearch,
} from './criteria';
import type { UserSearchRow } from './schemas';
import { isDeleted, SEARCH_STATUS_OPTIONS, userStatusLabel } from './user-actions';
import { userPath } from './user-links';

/**
 * `{base}/users` (B§2 Users, B§5 User search fields): program, agency, names, e-mail, username, role and, on the admin
 * side, status. Search is unavailable with no criterion ('Please enter at least one user search criteria.'). The
 * server answers up to 1000 rows scoped to the caller, shown 10 a page; deleted users' rows do not open.
 */
export default function UserSearchPage({ base }: { base: StaffBase }) {
  const navigate = useNavigate();
  const headingId = useId();
  const admin = base === 'admin';

  const { form, submitted, params, submitHandler, clear, showPage } = useSearchForm({
    spec: USER_URL_CRITERIA,
    empty: EMPTY_USER_SEARCH,
    valuesOf: userSearchValuesOf,
    criteriaOf: userSearchCriteria,
    validate: validateUserSearch,
  });

  const programs = useCallerPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
    [programs.data],
  );
  const agencies = useAgencies(form.values.programUuid || null, { viewable: !admin });
  const agencyOptions = useMemo(
    () => (agencies.data ?? []).map((a) => ({ value: a.agencyUuid, label: a.agencyName })),
    [agencies.data],
  );
  const roles = useRoles();
  const roleOptions = useMemo(() => roleFilterOptions(base, roles.data), [base, roles.data]);

  const search = useUserSearch(submitted?.criteria ?? null);
  const rows = submitted && search.data ? search.data.data : [];
  const handleSubmit = submitHandler(() => void search.refetch());

  const openRow = (row: UserSearchRow) => {
    void navigate(userPath(base, row), { state: { search: params.toString() } });
  };

  const columns = useMemo(() => userColumns(), []);
  const lookupErrors = [programs, agencies, roles].flatMap((q) => (q.isError ? errorMessagesOf(q.error) : []));

  return (
    <Page
      title="Users"
      actions={
        <Button component={Link} to={`/${base}/user/add`} leftSection={<IconUserPlus aria-hidden size={18} />}>
          {admin ? 'Add User' : 'New User'}
        </Button>
      }
    >
      <Stack gap="lg">
        <SearchForm
          label="User search criteria"
          canSearch={hasUserSearchCriterion(form.values)}
          requirementMessage={USER_SEARCH_NEEDS_CRITERION}
          onSubmit={() => handleSubmit()}
          onClear={clear}
          loading={search.isFetching}
        >
          <Select
            label="Program"
            placeholder={programs.isPending ? 'Loading programs…' : 'All programs'}
            data={programOptions}
            clearable
            {...selectProps(form.getInputProps('programUuid'))}
            onChange={(value) => {
              form.setFieldValue('programUuid', value ?? '');
              form.setFieldValue('agencyUuid', '');
            }}
          />
          <Select
            label="Agency"
            placeholder={agencies.isPending ? 'Loading agencies…' : 'All agencies'}
            data={agencyOptions}
            clearable
            searchable
            {...selectProps(form.getInputProps('agencyUuid'))}
            onChange={(value) => form.setFieldValue('agencyUuid', value ?? '')}
          />
          <TextInput
            label="First name"
            maxLength={USER_SEARCH_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('firstname')}
          />
          <TextInput
            label="Last name"
            maxLength={USER_SEARCH_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('lastname')}
          />
          <TextInput
            label="E-mail"
            type="email"
            maxLength={USER_SEARCH_EMAIL_MAX}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Username"
            maxLength={USER_SEARCH_USERNAME_MAX}
            autoComplete="off"
            {...form.getInputProps('username')}
          />
          <Select
            label="Role"
            placeholder="All roles"
            data={roleOptions}
            clearable
            {...selectProps(form.getInputProps('roleId'))}
            onChange={(value) => form.setFieldValue('roleId', value ?? '')}
          />
          {admin && (
            <Select
              label="Status"
              placeholder="All statuses"
              data={SEARCH_STATUS_OPTIONS}
              clearable
              {...selectProps(form.getInputProps('userStatusId'))}
              onChange={(value) => form.setFieldValue('userStatusId', value ?? '')}
            />
          )}
        </SearchForm>

        <MessageBanner kind="danger" messages={lookupErrors} />

        {submitted && (
          <Stack gap="sm" component="section" aria-labelledby={headingId}>
            <Title order={2} id={headingId} fz="h3">
              Results
            </Title>
            {search.isError ? (
              <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />
            ) : (
              <>
                {search.data?.countCapped && (
                  <MessageBanner
                    kind="info"
                    messages={`More users match than the ${rows.length.toLocaleString('en-US')} listed; narrow the search to see the rest.`}
                  />
                )}
                <DataTable
                  caption="Users found"
                  columns={columns}
                  rows={rows}
                  rowKey={(row) => row.userUuid}
                  onRowClick={openRow}
                  isRowClickable={(row) => !isDeleted(row.userStatusId)}
                  rowLabel={(row) => `Open user ${row.username}`}
                  loading={search.isFetching}
                  emptyMessage={search.isSuccess && !search.isPlaceholderData ? MESSAGES.NO_USERS_FOUND : undefined}
                  // All rows came in one answer; the page is the URL's, so Back returns to it.
                  clientPaging={{ page: submitted.page, onPageChange: showPage }}
                />
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Page>
  );
}

/** B§2: username, email, name, program, agency, role, status. */
function userColumns(): DataTableColumn<UserSearchRow>[] {
  return [
    { key: 'username', header: 'Username' },
    { key: 'email', header: 'E-mail' },
    { key: 'name', header: 'Name', render: (r) => personName(r) },
    { key: 'programs', header: 'Program', render: (r) => namesOf(r.programs.map((p) => p.programName)) },
    { key: 'agencies', header: 'Agency', render: (r) => namesOf(r.agencies.map((a) => a.agencyName)) },
    { key: 'roleDescr', header: 'Role' },
    { key: 'userStatusId', header: 'Status', render: (r) => userStatusLabel(r.userStatusId) },
  ];
}

/** A user may belong to several programs or agencies: their names, or a dash for none. */
function namesOf(names: string[]): string {
  return names.length > 0 ? names.join(', ') : '—';
}
