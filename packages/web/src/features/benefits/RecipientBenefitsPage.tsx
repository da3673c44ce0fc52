import { useTimeZone } from '../../lib/clock';
import { benefitApi, type BenefitSearchRow, searchDateProblems } from '@ebt/core/benefits';
import { AUTHORIZATION_NUMBER_MAX, MIN_DATES } from '@ebt/core/constants';
import { MESSAGES, ruleMessage } from '@ebt/core/messages';
import { searchDateMax, todayIn } from '@ebt/core/format';
import { Badge, Select, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateField } from '../../components/DateField';
import { DateText } from '../../components/DateText';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { SearchForm } from '../../components/SearchForm';
import { endpointQuery } from '../../lib/endpoint-client';
import { errorMessagesOf } from '../../lib/errors';
import { useOwnPrograms } from '../home';
import { WARNING_BADGE_COLOR } from '../../components/badge-colors';
import type { TFunction } from 'i18next';
import { useI18n } from '../../lib/i18n';

// A§5 "Recipient portal searches": dates from 2020-08-01 to today + 183 days, auth number max 20, program; A§7
// benefitApi.search with pageSize=1000; A§9 10 per page on screen.
const FETCH_SIZE = 1000;
const PAGE_SIZE = 10;

interface Criteria {
  startDate: string;
  endDate: string;
  authNo: string;
  programId: string;
}
const EMPTY: Criteria = { startDate: '', endDate: '', authNo: '', programId: '' };

const columns = (t: TFunction): DataTableColumn<BenefitSearchRow>[] => [
  { key: 'benefitAuthNumber', header: t('benefits.authNumber') },
  { key: 'programName', header: t('benefits.program') },
  {
    key: 'benefitAmount',
    header: t('benefits.amount'),
    align: 'right',
    render: (r) => <Money value={r.benefitAmount} />,
  },
  {
    key: 'benefitBalance',
    header: t('benefits.balance'),
    align: 'right',
    render: (r) => <Money value={r.benefitBalance} />,
  },
  {
    key: 'benefitStatus',
    header: t('benefits.status'),
    render: (r) => t(`benefits.status_${r.benefitStatus}`, r.benefitStatus),
  },
  {
    key: 'benefitAvailableDate',
    header: t('benefits.available'),
    render: (r) => <DateText value={r.benefitAvailableDate} />,
  },
  {
    key: 'benefitExpiryDate',
    header: t('benefits.expires'),
    render: (r) => (
      <span>
        <DateText value={r.benefitExpiryDate} />{' '}
        {r.expiryMarker && (
          <Badge color={r.expiryMarker === 'expired' ? 'gray.8' : WARNING_BADGE_COLOR} variant="filled" size="sm">
            {r.expiryMarker === 'expired' ? t('kit.expired') : t('kit.expiringSoon')}
          </Badge>
        )}
      </span>
    ),
  },
];

/** `/recipient/benefits` (A§2, A§5, A§7): the recipient's own benefits, fetched up to 1000, 10 a page. */
export default function RecipientBenefitsPage() {
  const { t, m } = useI18n();
  const [values, setValues] = useState<Criteria>(EMPTY);
  const [submitted, setSubmitted] = useState<Criteria | null>(null);
  const [page, setPage] = useState(0);
  const programs = useOwnPrograms();
  const today = todayIn(useTimeZone());
  const latest = searchDateMax(today);
  const problems = searchDateProblems(
    { startDate: values.startDate || undefined, endDate: values.endDate || undefined },
    today,
    'recipient',
  );
  const authTooLong = values.authNo.trim().length > AUTHORIZATION_NUMBER_MAX;
  const errorOf = (field: 'startDate' | 'endDate') => {
    const problem = problems.find((p) => p.field === field)?.message;
    return problem && m(problem);
  };

  const search = useQuery({
    ...endpointQuery(benefitApi.search, {
      query: { ...submitted, authNo: submitted?.authNo.trim(), pageSize: FETCH_SIZE },
    }),
    enabled: submitted !== null,
    placeholderData: keepPreviousData,
  });
  const set = (field: keyof Criteria) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <Page title={t('benefits.title')}>
      <Stack gap="lg">
        <SearchForm
          label={t('benefits.criteria')}
          canSearch={problems.length === 0 && !authTooLong}
          requirementMessage={problems.length || authTooLong ? t('kit.correctFields') : MESSAGES.AT_LEAST_ONE_FIELD}
          onSubmit={() => {
            setPage(0);
            setSubmitted({ ...values });
            if (submitted && JSON.stringify(submitted) === JSON.stringify(values)) void search.refetch();
          }}
          onClear={() => {
            setValues(EMPTY);
            setSubmitted(null);
          }}
          loading={search.isFetching}
        >
          <DateField
            label={t('kit.startDate')}
            min={MIN_DATES.recipientSearch}
            max={latest}
            value={values.startDate}
            onChange={set('startDate')}
            error={errorOf('startDate')}
          />
          <DateField
            label={t('kit.endDate')}
            min={MIN_DATES.recipientSearch}
            max={latest}
            value={values.endDate}
            onChange={set('endDate')}
            error={errorOf('endDate')}
          />
          <TextInput
            label={t('benefits.authNumberLabel')}
            value={values.authNo}
            onChange={(e) => set('authNo')(e.currentTarget.value)}
            error={authTooLong ? m(ruleMessage(MESSAGES.TOO_LONG, { max: AUTHORIZATION_NUMBER_MAX })) : undefined}
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
        {submitted && search.data && (
          <DataTable
            caption={t('benefits.title')}
            columns={columns(t)}
            rows={search.data.data}
            rowKey={(r) => r.benefitUuid}
            pageSize={PAGE_SIZE}
            clientPaging={{ page, onPageChange: setPage }}
            emptyMessage={MESSAGES.NO_BENEFITS_FOUND}
          />
        )}
      </Stack>
    </Page>
  );
}
