import {
  hasRecipientSearchCriterion,
  RECIPIENT_EXPORT_ROW_CAP,
  RECIPIENT_MESSAGES,
  RECIPIENT_SEARCH_COUNT_CAP,
  recipientApi,
  recipientSearchCriteria,
  RecipientSearchFormValues,
  type RecipientSearchRow,
} from '@ebt/core/recipients';
import { SEARCH_ACCOUNT_ID_MAX } from '@ebt/core/constants';
import { ACCOUNT_STATUS_LABEL, type AccountStatus } from '@ebt/core/enums';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { isAgencyScoped } from '@ebt/core/privileges';
import { Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { ExportButtons } from '../../../components/ExportButtons';
import { MessageBanner } from '../../../components/MessageBanner';
import { SearchForm } from '../../../components/SearchForm';
import { errorMessagesOf } from '../../../lib/errors';
import { useSessionUser } from '../../../lib/session-user';
import { useAgencies, useCallerPrograms } from '../../../lib/lookups';
import { useRecipientSearch } from '../api';
import type { StaffBase } from '../../../lib/staff-base';
import { displayPhone, personName } from '../../../lib/person';
import { selectProps } from '../../../lib/select-props';
import { useSearchForm } from '../../../lib/search-form';
import { EMPTY_SEARCH, formValuesOf, RECIPIENT_URL_CRITERIA } from './criteria';
import { PersonCriteriaFields } from '../../../components/PersonCriteriaFields';
import { formCheck } from '../../../lib/form-check';

/** What the picker hands back for a chosen row (the benefit issue form's recipient field, A§2). */
export interface PickedRecipient {
  recipientIdentifier: string;
  accountUuid: string;
  programId: number;
  firstname: string;
  lastname: string;
}

export type RecipientSearchPanelProps =
  | {
      /** The search screen: criteria in the URL, a row opens the recipient, exports. */
      mode: 'navigate';
      base: StaffBase;
    }
  | {
      /** Search only: a row click hands the recipient to `onPick` (A§2 "search-only picker mode"). */
      mode: 'pick';
      onPick: (row: PickedRecipient) => void;
      /** Limits the search to one program (the issue form's program); the program choice is then fixed. */
      programUuid?: string;
    };

/** The form's limits are core's (A§5 Search: Account ID 20, names 100, e-mail 255, phone 20). */
const validate = formCheck(RecipientSearchFormValues, (values: typeof EMPTY_SEARCH) => values);

/**
 * The recipient search (A§2, A§5, A§7, A§9): Account ID, first and last name, e-mail, mobile phone, program and
 * agency; Search is unavailable until one of the first five is entered ('At least one field must be entered.').
 * The server answers up to 2000 rows, shown 10 a page; when more match, a note asks for a narrower search.
 * In 'navigate' mode the submitted search lives in the URL and a row opens {base}/recipient/{accountUuid}/{programId};
 * in 'pick' mode the search stays inside the panel and a row is handed to `onPick`.
 */
export function RecipientSearchPanel(props: RecipientSearchPanelProps) {
  const user = useSessionUser();
  const agencyScoped = isAgencyScoped(user.privileges);
  const navigate = useNavigate();
  const headingId = useId();
  const fixedProgram = props.mode === 'pick' ? props.programUuid : undefined;

  // The submitted search: the URL's in navigate mode (Back returns to it), the panel's own in pick mode.
  const {
    form,
    submitted,
    key: submittedKey,
    params,
    submitHandler,
    clear: handleClear,
    showPage,
  } = useSearchForm({
    spec: RECIPIENT_URL_CRITERIA,
    empty: { ...EMPTY_SEARCH, programUuid: fixedProgram ?? '' },
    valuesOf: formValuesOf,
    criteriaOf: recipientSearchCriteria,
    validate,
    inUrl: props.mode === 'navigate',
  });

  const programs = useCallerPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
    [programs.data],
  );
  const { programUuid } = form.values;
  const agencies = useAgencies(programUuid || null, { viewable: agencyScoped, enabled: !!programUuid });
  const agencyOptions = useMemo(
    () => (agencies.data ?? []).map((a) => ({ value: a.agencyUuid, label: a.agencyName })),
    [agencies.data],
  );

  // Preselection (A§9, resolution 25: as soon as the choices load): the only program, and for agency staff their
  // only agency. Only before a search is shown, so it never changes criteria the person searched with.
  useEffect(() => {
    if (submitted || form.values.programUuid || programOptions.length !== 1) return;
    form.setFieldValue('programUuid', programOptions[0]!.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [programOptions, submittedKey]);
  useEffect(() => {
    if (submitted || !agencyScoped || form.values.agencyUuid || agencyOptions.length !== 1) return;
    form.setFieldValue('agencyUuid', agencyOptions[0]!.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agencyOptions, agencyScoped, submittedKey]);

  const search = useRecipientSearch(submitted?.criteria ?? null);
  const rows = submitted && search.data ? search.data.data : [];

  // Core's rule, as the server applies it: program and agency only narrow, and a phone of separators only ('---')
  // is no criterion, so Search never sends a search the server refuses or that cleans down to nothing.
  const canSearch = hasRecipientSearchCriterion(form.values);

  const handleSubmit = submitHandler(() => void search.refetch());

  const openRow = (row: RecipientSearchRow) => {
    if (props.mode === 'pick') {
      props.onPick({
        recipientIdentifier: row.recipientIdentifier,
        accountUuid: row.accountUuid,
        programId: row.programId,
        firstname: row.firstname,
        lastname: row.lastname,
      });
    } else {
      // The detail's back link returns to these results (Back does too: the search is in the URL).
      void navigate(`/${props.base}/recipient/${row.accountUuid}/${row.programId}`, {
        state: { search: params.toString() },
      });
    }
  };

  const columns = useMemo(() => recipientColumns(), []);
  const answer = search.data;
  const moreThanListed =
    answer && submitted
      ? answer.countCapped
        ? fillMessage(RECIPIENT_MESSAGES.SEARCH_COUNT_CAPPED, {
            cap: RECIPIENT_SEARCH_COUNT_CAP.toLocaleString('en-US'),
            listed: answer.data.length.toLocaleString('en-US'),
          })
        : answer.totalCount > answer.data.length
          ? fillMessage(RECIPIENT_MESSAGES.SEARCH_MORE_THAN_LISTED, {
              total: answer.totalCount.toLocaleString('en-US'),
              listed: answer.data.length.toLocaleString('en-US'),
            })
          : null
      : null;

  return (
    <Stack gap="lg">
      <SearchForm
        label={props.mode === 'pick' ? 'Find a recipient' : 'Recipient search criteria'}
        canSearch={canSearch}
        onSubmit={() => handleSubmit()}
        onClear={handleClear}
        loading={search.isFetching}
      >
        <TextInput
          label="Account ID"
          maxLength={SEARCH_ACCOUNT_ID_MAX}
          autoComplete="off"
          {...form.getInputProps('recipientIdentifier')}
        />
        <PersonCriteriaFields inputProps={form.getInputProps} />
        <Select
          label="Program"
          placeholder={programs.isPending ? 'Loading programs…' : 'All programs'}
          data={programOptions}
          clearable={!fixedProgram}
          readOnly={Boolean(fixedProgram)}
          {...selectProps(form.getInputProps('programUuid'))}
          onChange={(value) => {
            form.setFieldValue('programUuid', value ?? '');
            form.setFieldValue('agencyUuid', '');
          }}
        />
        <Select
          label="Agency"
          placeholder={programUuid ? 'All agencies' : 'Choose a program first'}
          data={agencyOptions}
          disabled={!programUuid}
          clearable
          {...selectProps(form.getInputProps('agencyUuid'))}
          onChange={(value) => form.setFieldValue('agencyUuid', value ?? '')}
        />
      </SearchForm>

      <MessageBanner
        kind="danger"
        messages={
          programs.isError ? errorMessagesOf(programs.error) : agencies.isError ? errorMessagesOf(agencies.error) : []
        }
      />

      {submitted && (
        <Stack gap="sm" component="section" aria-labelledby={headingId}>
          <Group justify="space-between" gap="sm">
            <Title order={2} id={headingId} fz="h3">
              {props.mode === 'pick' ? 'Choose a recipient' : 'Results'}
            </Title>
            {props.mode === 'navigate' && rows.length > 0 && (
              <ExportButtons
                endpoint={recipientApi.exportSearch}
                criteria={submitted.criteria}
                fileName="recipients"
                truncatedMessage={fillMessage(RECIPIENT_MESSAGES.EXPORT_TRUNCATED, {
                  cap: RECIPIENT_EXPORT_ROW_CAP.toLocaleString('en-US'),
                })}
              />
            )}
          </Group>
          {search.isError ? (
            <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />
          ) : (
            <>
              {moreThanListed && <MessageBanner kind="info" messages={moreThanListed} />}
              <DataTable
                caption={props.mode === 'pick' ? 'Recipients to choose from' : 'Recipients found'}
                columns={columns}
                rows={rows}
                rowKey={(row) => row.accountUuid}
                onRowClick={openRow}
                rowLabel={(row) => `${props.mode === 'pick' ? 'Choose' : 'Open'} recipient ${row.recipientIdentifier}`}
                loading={search.isFetching}
                emptyMessage={search.isSuccess && !search.isPlaceholderData ? MESSAGES.NO_RECIPIENTS_FOUND : undefined}
                // All rows came in one answer; the page is the URL's, so Back returns to it.
                clientPaging={{ page: submitted.page, onPageChange: showPage }}
              />
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function recipientColumns(): DataTableColumn<RecipientSearchRow>[] {
  return [
    { key: 'recipientIdentifier', header: 'Account ID' },
    { key: 'name', header: 'Name', render: (r) => personName(r) },
    { key: 'programName', header: 'Program' },
    { key: 'agencyName', header: 'Agency', render: (r) => r.agencyName ?? '—' },
    { key: 'email', header: 'E-mail' },
    {
      key: 'mobilePhone',
      header: 'Mobile phone',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{displayPhone(r.mobilePhone)}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      render: (r) => ACCOUNT_STATUS_LABEL[r.accountStatusId as AccountStatus] ?? String(r.accountStatusId),
    },
  ];
}
