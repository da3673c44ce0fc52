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
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { MessageBanner } from '../../../components/MessageBanner';
import { Page } from '../../../components/Page';
import { SearchForm } from '../../../components/SearchForm';
import { errorMessagesOf } from '../../../lib/errors';
import { useSessionUser } from '../../../lib/session-user';
import { displayPhone, personName } from '../../../lib/person';
import { useApplicationPrograms } from '../../../lib/lookups';
import { selectProps } from '../../../lib/select-props';
import { useApplicantSearch, useRefreshApplicantSearches } from './api';
import { useSearchForm } from '../../../lib/search-form';
import {
  APPLICANT_URL_CRITERIA,
  applicantFormValuesOf,
  EMPTY_APPLICANT_SEARCH,
  type ApplicantSearchFormValues,
} from './criteria';
import { ProcessApplicantDialog } from './ProcessApplicantDialog';
import { PersonCriteriaFields } from '../../../components/PersonCriteriaFields';
import { formCheck } from '../../../lib/form-check';

/** The form's limits are core's (B§5 "Applicant search": names 100, e-mail 255, phone 20). */
const validate = formCheck(ApplicantSearchQuery, (values: ApplicantSearchFormValues) => values);

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
  const {
    form,
    submitted,
    submitHandler,
    clear: handleClear,
    showPage,
  } = useSearchForm({
    spec: APPLICANT_URL_CRITERIA,
    empty: EMPTY_APPLICANT_SEARCH,
    valuesOf: applicantFormValuesOf,
    criteriaOf: applicantSearchCriteria,
    validate,
  });

  const programs = useApplicationPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: String(p.programId), label: p.programName })),
    [programs.data],
  );

  const search = useApplicantSearch(submitted?.criteria ?? null);
  const refreshSearches = useRefreshApplicantSearches();
  const rows = submitted && search.data ? search.data.data : [];

  // Decision 0013: the program counts as a criterion here (it lists that program's whole queue), unlike the
  // recipient search, where the program only narrows. Core's rule, so a phone of separators only does not count.
  const canSearch = hasApplicantSearchCriterion(form.values);

  const handleSubmit = submitHandler(() => void search.refetch());

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
          {...selectProps(form.getInputProps('programId'))}
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
                rows={rows}
                rowKey={(row) => String(row.applicantId)}
                loading={search.isFetching}
                emptyMessage={search.isSuccess && !search.isPlaceholderData ? MESSAGES.NO_APPLICANTS_FOUND : undefined}
                // All rows came in one answer; the page is the URL's, so Back returns to it.
                clientPaging={{ page: submitted.page, onPageChange: showPage }}
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
    { key: 'name', header: 'Name', render: (r) => personName(r) },
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
        aria-label={`Process ${personName(applicant)}`}
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
