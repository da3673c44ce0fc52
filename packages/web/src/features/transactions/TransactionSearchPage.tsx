import { useTimeZone } from '../../lib/clock';
import { MIN_DATES } from '@ebt/core/constants';
import { displayDate, formatMoney, searchDateMax, todayIn } from '@ebt/core/format';
import {
  TRANSACTION_EXPORT_ROW_CAP,
  TRANSACTION_MESSAGES,
  TRANSACTION_SEARCH_COUNT_CAP,
  TRANSACTION_SEARCH_ID_MAX,
  transactionApi,
  type TransactionSearchRow,
} from '@ebt/core/transactions';
import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { DateTimeField } from '../../components/DateTimeField';
import { ExportButtons } from '../../components/ExportButtons';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { SearchForm } from '../../components/SearchForm';
import { errorMessagesOf } from '../../lib/errors';
import { useAgencies, useCallerPrograms, useResponseCodes, useTransactionTypes } from '../../lib/lookups';
import { hasAnyCriterion } from '../../lib/search';
import { useSearchForm } from '../../lib/search-form';
import { selectProps } from '../../lib/select-props';
import type { StaffBase } from '../../lib/staff-base';
import { useTransactionSearch } from './api';
import {
  EMPTY_TRANSACTION_SEARCH,
  TRANSACTION_URL_CRITERIA,
  transactionCriteriaOf,
  transactionPageQuery,
  transactionQuery,
  transactionValuesOf,
  validateTransactionSearch,
} from './criteria';

const EXPORT_TRUNCATED = `The file holds the first ${TRANSACTION_EXPORT_ROW_CAP.toLocaleString('en-US')} transactions. Narrow the search to export the rest.`;

const nowrap = (children: React.ReactNode) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

/**
 * The name of a row's button: the date it shows (WCAG 2.5.3), then what tells two rows of one minute apart, so a
 * screen reader's list of buttons is not a column of dates.
 */
const transactionRowLabel = (r: TransactionSearchRow) =>
  `${displayDate(r.trxDatetime, 'datetime')?.text ?? ''} ${r.trxType} ${formatMoney(r.reqAmt)} ${r.responseText}`;

const COLUMNS: DataTableColumn<TransactionSearchRow>[] = [
  // B§9: yyyy-MM-dd HH:mm:ss in the viewer's local time.
  { key: 'trxDatetime', header: 'Date', render: (r) => nowrap(<DateText value={r.trxDatetime} format="datetime" />) },
  { key: 'programName', header: 'Program' },
  { key: 'trxType', header: 'Type' },
  { key: 'reqAmt', header: 'Request Amount', align: 'right', render: (r) => <Money value={r.reqAmt} /> },
  {
    key: 'settleAmt',
    header: 'Settlement Amount',
    align: 'right',
    render: (r) => (r.settleAmt === null ? '—' : <Money value={r.settleAmt} />),
  },
  {
    key: 'response',
    header: 'Response',
    render: (r) => `${r.responseText}${r.responseCode === '00' ? '' : ` (${r.responseCode})`}`,
  },
];

/**
 * `{base}/transactions` (A§2 "Transaction list", B§5 "Transactions detail and search"): start and end date-times,
 * type, response code, program, Merchant ID, agency and Recipient Account ID (`?rid=` from the recipient detail);
 * Search waits for a criterion. The server pages the list 10 rows at a time; a row opens
 * `{base}/transaction/{trxUuid}`; the search exports as CSV or Excel.
 */
export default function TransactionSearchPage({ base }: { base: StaffBase }) {
  const navigate = useNavigate();
  const headingId = useId();
  const zone = useTimeZone();
  const { form, submitted, submitHandler, clear, showPage } = useSearchForm({
    spec: TRANSACTION_URL_CRITERIA,
    empty: EMPTY_TRANSACTION_SEARCH,
    valuesOf: transactionValuesOf,
    criteriaOf: transactionCriteriaOf,
    validate: (values) => validateTransactionSearch(values, new Date(), zone),
  });

  const programs = useCallerPrograms();
  const agencies = useAgencies(form.values.programUuid || null, { viewable: true });
  const types = useTransactionTypes();
  const codes = useResponseCodes();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
    [programs.data],
  );
  const agencyOptions = (agencies.data ?? []).map((a) => ({
    value: a.agencyUuid,
    label: form.values.programUuid ? a.agencyName : `${a.agencyName} (${a.programName})`,
  }));
  const typeOptions = (types.data ?? []).map((t) => ({ value: String(t.transactionTypeId), label: t.descr }));
  const codeOptions = (codes.data ?? []).map((c) => ({
    value: String(c.responseCodeId),
    label: `${c.responseCode} ${c.descr}`,
  }));

  const query = submitted ? transactionPageQuery(submitted.criteria, submitted.page, zone) : null;
  const search = useTransactionSearch(query);
  const handleSubmit = submitHandler(() => void search.refetch());
  const result = submitted ? search.data : undefined;
  const latest = searchDateMax(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));

  return (
    <Page title="Transactions">
      <Stack gap="lg">
        <SearchForm
          label="Transaction search criteria"
          canSearch={hasAnyCriterion(form.values)}
          onSubmit={() => handleSubmit()}
          onClear={clear}
          loading={search.isFetching}
        >
          <DateTimeField
            label="Start date"
            min={MIN_DATES.programSearchStart}
            max={latest}
            timeLabel="Start time"
            {...form.getInputProps('startDate')}
          />
          <DateTimeField
            label="End date"
            min={MIN_DATES.programSearchEnd}
            max={latest}
            timeLabel="End time"
            {...form.getInputProps('endDate')}
          />
          <Select
            label="Type"
            placeholder="All types"
            data={typeOptions}
            clearable
            {...selectProps(form.getInputProps('trxTypeId'))}
            onChange={(value) => form.setFieldValue('trxTypeId', value ?? '')}
          />
          <Select
            label="Response"
            placeholder="All responses"
            data={codeOptions}
            clearable
            searchable
            {...selectProps(form.getInputProps('respCodeId'))}
            onChange={(value) => form.setFieldValue('respCodeId', value ?? '')}
          />
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
          <TextInput
            label="Merchant ID"
            maxLength={TRANSACTION_SEARCH_ID_MAX}
            autoComplete="off"
            {...form.getInputProps('merchantNbr')}
          />
          <Select
            label="Agency"
            placeholder="All agencies"
            data={agencyOptions}
            clearable
            searchable
            nothingFoundMessage="No agencies"
            {...selectProps(form.getInputProps('agencyUuid'))}
            onChange={(value) => form.setFieldValue('agencyUuid', value ?? '')}
          />
          <TextInput
            label="Recipient Account ID"
            maxLength={TRANSACTION_SEARCH_ID_MAX}
            autoComplete="off"
            {...form.getInputProps('rid')}
          />
        </SearchForm>

        {submitted && (
          <Stack gap="sm" component="section" aria-labelledby={headingId}>
            <Group justify="space-between" gap="sm">
              <Stack gap={0}>
                <Title order={2} id={headingId} fz="h3">
                  Results
                </Title>
                <Text fz="sm" c="dimmed">
                  {result && result.totalCount > 0
                    ? `${result.countCapped ? 'More than ' : ''}${result.totalCount.toLocaleString('en-US')} ${
                        result.totalCount === 1 ? 'transaction' : 'transactions'
                      }${result.countCapped ? `; showing the first ${TRANSACTION_SEARCH_COUNT_CAP.toLocaleString('en-US')}. Narrow the search to see the rest.` : ''}`
                    : ''}
                </Text>
              </Stack>
              <ExportButtons
                endpoint={transactionApi.exportSearch}
                criteria={transactionQuery(submitted.criteria, zone)}
                fileName="transactions"
                truncatedMessage={EXPORT_TRUNCATED}
                disabled={!result || result.totalCount === 0}
              />
            </Group>
            {search.isError ? (
              <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />
            ) : (
              <DataTable
                caption="Transactions found"
                columns={COLUMNS}
                rows={result?.data ?? []}
                rowKey={(row) => row.trxUuid}
                onRowClick={(row) => void navigate(`/${base}/transaction/${row.trxUuid}`)}
                rowLabel={transactionRowLabel}
                loading={search.isFetching}
                emptyMessage={
                  search.isSuccess && !search.isPlaceholderData ? TRANSACTION_MESSAGES.NO_TRANSACTIONS_FOUND : undefined
                }
                serverPaging={
                  result
                    ? {
                        page: result.page,
                        totalPages: result.totalPages,
                        totalCount: result.totalCount,
                        onPageChange: showPage,
                      }
                    : undefined
                }
              />
            )}
          </Stack>
        )}
      </Stack>
    </Page>
  );
}
