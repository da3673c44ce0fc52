import { useTimeZone } from '../../lib/clock';
import { MIN_DATES } from '@ebt/core/constants';
import { searchDateMax, todayIn } from '@ebt/core/format';
import { TRANSACTION_MESSAGES, transactionWindowProblems } from '@ebt/core/transactions';
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { DateTimeField } from '../../components/DateTimeField';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { SearchForm } from '../../components/SearchForm';
import { localDateTimeToIso } from '../../lib/date-time';
import { errorMessagesOf } from '../../lib/errors';
import { hasAnyCriterion } from '../../lib/search';
import { useOwnPrograms } from '../home';
import { recipientTransactionColumns, recipientTransactionLabel } from './components/RecentTransactions';
import { type RecipientTransactionQuery, useRecipientTransactionSearch } from './recipient-api';
import { useI18n } from '../../lib/i18n';

// A§5 "Recipient portal searches": the same date bounds as benefits (2020-08-01 to today + 183 days); Search stays
// unavailable until a criterion is set; the start takes the picked time at second 00, the end second 59 (A§9).
// The server pages the list 10 at a time (A§7 pageSize=10, zero-based page).

interface Values {
  startDate: string;
  endDate: string;
  programId: string;
}
const EMPTY: Values = { startDate: '', endDate: '', programId: '' };

function queryOf(values: Values, page: number, timeZone: string): RecipientTransactionQuery {
  return {
    startDate: values.startDate ? (localDateTimeToIso(values.startDate, 0, '00:00', timeZone) ?? undefined) : undefined,
    endDate: values.endDate ? (localDateTimeToIso(values.endDate, 59, '23:59', timeZone) ?? undefined) : undefined,
    programId: values.programId || undefined,
    page,
    pageSize: 10,
  };
}

/** `/recipient/transactions` (A§2, A§5, A§7): the recipient's own transactions; a row opens its detail. */
export default function RecipientTransactionsPage() {
  const { t, m, locale } = useI18n();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [query, setQuery] = useState<RecipientTransactionQuery | null>(null);
  const programs = useOwnPrograms();
  const search = useRecipientTransactionSearch(query);
  const zone = useTimeZone();
  const latest = searchDateMax(todayIn(zone));
  const draft = queryOf(values, 0, zone);
  const problems = transactionWindowProblems({ start: draft.startDate, end: draft.endDate }, new Date(), 'recipient');
  const errorOf = (field: 'startDate' | 'endDate') => {
    const problem = problems.find((p) => p.field === field)?.message;
    return problem && m(problem);
  };
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <Page title={t('transactions.title')}>
      <Stack gap="lg">
        <SearchForm
          label={t('transactions.criteria')}
          canSearch={hasAnyCriterion({ ...values }) && problems.length === 0}
          onSubmit={() => {
            setQuery(draft);
            if (JSON.stringify(draft) === JSON.stringify(query)) void search.refetch();
          }}
          onClear={() => {
            setValues(EMPTY);
            setQuery(null);
          }}
          loading={search.isFetching}
        >
          <DateTimeField
            label={t('kit.startDate')}
            timeLabel={t('kit.startTime')}
            min={MIN_DATES.recipientSearch}
            max={latest}
            value={values.startDate}
            onChange={set('startDate')}
            error={errorOf('startDate')}
          />
          <DateTimeField
            label={t('kit.endDate')}
            timeLabel={t('kit.endTime')}
            min={MIN_DATES.recipientSearch}
            max={latest}
            value={values.endDate}
            onChange={set('endDate')}
            error={errorOf('endDate')}
          />
          <Select
            label={t('benefits.program')}
            placeholder={t('kit.allPrograms')}
            clearable
            data={(programs.data ?? []).map((p) => ({ value: String(p.programId), label: p.programName }))}
            value={values.programId || null}
            onChange={(value) => set('programId')(value ?? '')}
          />
        </SearchForm>
        {search.isError && <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />}
        {query && search.data && (
          <DataTable
            caption={t('transactions.title')}
            columns={recipientTransactionColumns(t)}
            rows={search.data.data}
            rowKey={(r) => r.trxUuid}
            rowLabel={recipientTransactionLabel(t, locale)}
            onRowClick={(r) => void navigate(`/recipient/transaction/${r.trxUuid}`)}
            emptyMessage={TRANSACTION_MESSAGES.NO_TRANSACTIONS_FOUND}
            serverPaging={{
              page: search.data.page,
              totalPages: search.data.totalPages,
              totalCount: search.data.totalCount,
              onPageChange: (page) => setQuery((q) => (q ? { ...q, page } : q)),
            }}
          />
        )}
      </Stack>
    </Page>
  );
}
