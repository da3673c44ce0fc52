import { slicePage } from '@ebt/core/pager';
import {
  APPLICANT_MESSAGES,
  APPLICANT_SEARCH_CAP,
  applicantSearchCriteria,
  ApplicantSearchQuery,
  hasApplicantSearchCriterion,
  type ApplicantSearchRow,
} from '@ebt/core/applicants';
import { PROGRAM_STATUS } from '@ebt/core/enums';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Anchor, Button, Select, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { MessageBanner } from '../../../components/MessageBanner';
import { Page } from '../../../components/Page';
import { SearchForm } from '../../../components/SearchForm';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { useSessionUser } from '../../../lib/session-user';
import { displayPhone, recipientName } from '../components/recipient-values';
import { useApplicantSearch, useApplicationPrograms, useRefreshApplicantSearches } from './api';
import {
  applicantCriteriaKey,
  applicantFormValuesOf,
  applicantSearchFromParams,
  EMPTY_APPLICANT_SEARCH,
  paramsOfApplicantSearch,
  type ApplicantSearchFormValues,
  type SubmittedApplicantSearch,
} from './criteria';
import { ProcessApplicantDialog } from './ProcessApplicantDialog';
import { PersonCriteriaFields } from '../components/PersonCriteriaFields';

const PAGE_SIZE = 10;

/** The form's limits are core's (B§5 "Applicant search": names 100, e-mail 255, phone 20). */
const validate = schemaResolver(ApplicantSearchQuery, { sync: true });

interface Processed {
  recipientIdentifier: string;
  accountUuid: string;
  programId: number;
}

/**
 * `/program/applicants` (B§2 "Applicants", B§6 PROCESS_APPLICANT, B§7, B§8): search the people who applied online
 * and are not yet recipients, by program, first and last name, e-mail and phone; 10 rows a page; 'Process' opens
 * the recipient add form prefilled from the application in an overlay. Once the recipient is added the applicant
 * leaves the list and 'Recipient added with Account Id {id}.' shows with a link to the new recipient.
 */
export default function ApplicantsPage() {
  const user = useSessionUser();
  const allowed = hasAnyPrivilege(user.privileges, PRIVILEGE.PROCESS_APPLICANT);
  return (
    <Page title="Applicants">
      {/* The menu hides the screen without the privilege (A§2); an address typed in gets the privilege text. */}
      {allowed ? <ApplicantSearch /> : <MessageBanner kind="danger" messages={MESSAGES.PRIVILEGE_ERROR} />}
    </Page>
  );
}

function ApplicantSearch() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const submitted = useMemo(() => applicantSearchFromParams(params), [params]);
  const submit = (next: SubmittedApplicantSearch | null, replace = false) =>
    setParams(next ? paramsOfApplicantSearch(next) : new URLSearchParams(), { replace });

  const form = useForm<ApplicantSearchFormValues>({
    mode: 'controlled',
    initialValues: submitted ? applicantFormValuesOf(submitted.criteria) : EMPTY_APPLICANT_SEARCH,
    validate,
  });

  // Back and Forward between searches change the URL: the form follows the search shown.
  const submittedKey = applicantCriteriaKey(submitted?.criteria);
  useEffect(() => {
    if (submitted) form.setValues(applicantFormValuesOf(submitted.criteria));
    // Only a different search resets the form, not a page change or a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submittedKey]);

  const programs = useApplicationPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: String(p.programId), label: p.programName })),
    [programs.data],
  );

  const search = useApplicantSearch(submitted?.criteria ?? null);
  const refreshSearches = useRefreshApplicantSearches();
  const rows = submitted && search.data ? search.data.data : [];
  const { page, totalPages, rows: pageRows } = slicePage(rows, submitted?.page ?? 0, PAGE_SIZE);

  // Decision 0013: the program counts as a criterion here (it lists that program's whole queue), unlike the
  // recipient search, where the program only narrows. Core's rule, so a phone of separators only does not count.
  const canSearch = hasApplicantSearchCriterion(form.values);

  const handleSubmit = form.onSubmit((values) => {
    const next = { criteria: applicantSearchCriteria(values), page: 0 };
    if (applicantCriteriaKey(next.criteria) === submittedKey) void search.refetch();
    submit(next);
  }, focusFirstError(form.getInputNode));

  const handleClear = () => {
    form.setValues(EMPTY_APPLICANT_SEARCH);
    form.clearErrors();
    submit(null);
  };

  // The applicant in the overlay, kept while it closes; and the recipient the last process created.
  const [processing, setProcessing] = useState<ApplicantSearchRow | null>(null);
  const [dialogOpened, setDialogOpened] = useState(false);
  const [processed, setProcessed] = useState<Processed | null>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const openProcess = useCallback((row: ApplicantSearchRow) => {
    setProcessed(null);
    setProcessing(row);
    setDialogOpened(true);
  }, []);
  const closeProcess = () => {
    setDialogOpened(false);
    // Whatever happened in the overlay (added, or refused because someone else processed the applicant first), the
    // list shows the applicants still waiting.
    void refreshSearches();
  };
  const handleProcessed = (created: Processed) => {
    setProcessed(created);
    closeProcess();
  };
  useEffect(() => {
    // The Process button that had focus is gone with its row: focus goes to the outcome instead.
    if (processed && !dialogOpened) successRef.current?.focus();
  }, [processed, dialogOpened]);

  const multiProgram = programOptions.length > 1;
  const columns = useMemo(() => applicantColumns(openProcess, multiProgram), [openProcess, multiProgram]);
  const answer = search.data;

  return (
    <Stack gap="lg">
      {processed && (
        <Stack gap={6}>
          <MessageBanner
            ref={successRef}
            kind="success"
            messages={fillMessage(MESSAGES.RECIPIENT_ADDED, { id: processed.recipientIdentifier })}
            onClose={() => setProcessed(null)}
          />
          <Anchor component={Link} to={`/program/recipient/${processed.accountUuid}/${processed.programId}`} fw={600}>
            Open recipient {processed.recipientIdentifier}
          </Anchor>
        </Stack>
      )}

      <SearchForm
        label="Applicant search criteria"
        canSearch={canSearch}
        onSubmit={() => handleSubmit()}
        onClear={handleClear}
        loading={search.isFetching}
      >
        <Select
          label="Program"
          placeholder={programs.isPending ? 'Loading programs…' : 'All programs'}
          data={programOptions}
          clearable
          nothingFoundMessage={MESSAGES.NO_PROGRAMS_FOUND}
          {...form.getInputProps('programId')}
          onChange={(value) => form.setFieldValue('programId', value ?? '')}
        />
        <PersonCriteriaFields inputProps={form.getInputProps} />
      </SearchForm>

      <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />
      {programs.isSuccess && programOptions.length === 0 && (
        <MessageBanner kind="warning" messages={MESSAGES.NO_PROGRAMS_FOUND} />
      )}

      {submitted && (
        <Stack gap="sm" component="section" aria-labelledby={headingId}>
          <Title order={2} id={headingId} fz="h3">
            Results
          </Title>
          {search.isError ? (
            <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />
          ) : (
            <>
              {answer?.countCapped && (
                <MessageBanner
                  kind="info"
                  messages={fillMessage(APPLICANT_MESSAGES.SEARCH_CAPPED, {
                    cap: APPLICANT_SEARCH_CAP.toLocaleString('en-US'),
                  })}
                />
              )}
              <DataTable
                caption="Applicants found"
                columns={columns}
                rows={pageRows}
                rowKey={(row) => String(row.applicantId)}
                loading={search.isFetching}
                emptyMessage={search.isSuccess && !search.isPlaceholderData ? MESSAGES.NO_APPLICANTS_FOUND : undefined}
                serverPaging={{
                  page,
                  totalPages,
                  totalCount: rows.length,
                  // Paging replaces the history entry: Back leaves the search, not each page.
                  onPageChange: (next) => submit({ criteria: submitted.criteria, page: next }, true),
                }}
              />
            </>
          )}
        </Stack>
      )}

      <ProcessApplicantDialog
        applicant={processing}
        opened={dialogOpened}
        onClose={closeProcess}
        onProcessed={handleProcessed}
      />
    </Stack>
  );
}

/** One line of the applicant's address: street, city, state and zip. */
function addressOf(row: ApplicantSearchRow): string {
  return [row.address1, row.address2, row.city, `${row.stateId} ${row.zipcode}`].filter(Boolean).join(', ');
}

function applicantColumns(
  onProcess: (row: ApplicantSearchRow) => void,
  withProgram: boolean,
): DataTableColumn<ApplicantSearchRow>[] {
  return [
    { key: 'name', header: 'Name', render: (r) => recipientName(r) },
    { key: 'address', header: 'Address', render: addressOf },
    { key: 'email', header: 'E-mail' },
    { key: 'mobilePhone', header: 'Mobile phone', render: (r) => displayPhone(r.mobilePhone) },
    { key: 'createdDate', header: 'Created date', render: (r) => <DateText value={r.createdDate} format="date" /> },
    // With several programs, which one the person applied to matters (the spec's table has one program in mind).
    ...(withProgram ? [{ key: 'programName', header: 'Program' }] : []),
    { key: 'process', header: 'Action', render: (r) => <ProcessButton applicant={r} onProcess={onProcess} /> },
  ];
}

/**
 * 'Process' of one applicant. An applicant of a disabled program stays listed (still pending), but no recipient can
 * be added to that program (A§6, the server refuses it): the button is unavailable and says why, as Search does,
 * focusable (aria-disabled) with the reason shown under it and read as its description.
 */
function ProcessButton({
  applicant,
  onProcess,
}: {
  applicant: ApplicantSearchRow;
  onProcess: (row: ApplicantSearchRow) => void;
}) {
  const reasonId = useId();
  const blocked = applicant.programStatusId !== PROGRAM_STATUS.ENABLED;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        onClick={blocked ? undefined : () => onProcess(applicant)}
        aria-label={`Process ${recipientName(applicant)}`}
        aria-disabled={blocked || undefined}
        data-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
      >
        Process
      </Button>
      {blocked && (
        <Text id={reasonId} fz="xs" c="gray.7">
          {fillMessage(APPLICANT_MESSAGES.PROGRAM_NOT_ENABLED, { program: applicant.programName })}
        </Text>
      )}
    </Stack>
  );
}
