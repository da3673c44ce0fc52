import { RECIPIENT_MERCHANT_SEARCH as LIMITS } from '@ebt/core/constants';
import { US_STATES } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import {
  hasRecipientMerchantCriterion,
  MERCHANT_MESSAGES,
  merchantApi,
  type MerchantSearchRow,
  RecipientMerchantSearchQuery,
} from '@ebt/core/merchants';
import { Select, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { SearchForm } from '../../components/SearchForm';
import { endpointQuery } from '../../lib/endpoint-client';
import { errorMessagesOf } from '../../lib/errors';
import { displayPhone } from '../../lib/person';
import type { TFunction } from 'i18next';
import { useI18n } from '../../lib/i18n';

// A§5 "Recipient portal searches": name 2-50, e-mail 2-250, city 2-60, phone 3-20, state; Search unavailable while
// none is filled. A§7 the recipient's merchant search with pageSize=1000; 10 per page on screen.

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));
type Field = 'merchantName' | 'email' | 'city' | 'stateCode' | 'phone';
type Values = Record<Field, string>;
const EMPTY: Values = { merchantName: '', email: '', city: '', stateCode: '', phone: '' };

const columns = (t: TFunction): DataTableColumn<MerchantSearchRow>[] => [
  { key: 'merchantName', header: t('merchants.name') },
  { key: 'city', header: t('kit.city'), render: (r) => [r.city, r.stateCode].filter(Boolean).join(', ') },
  {
    key: 'businessPhone',
    header: t('application.phone'),
    render: (r) => (r.businessPhone ? displayPhone(r.businessPhone) : '—'),
  },
  { key: 'email', header: t('kit.email'), render: (r) => r.email ?? '—' },
];

/** `/recipient/merchants` (A§2, A§5, A§7): merchants of the recipient's programs; a row opens its detail. */
export default function RecipientMerchantsPage() {
  const { t, m } = useI18n();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState<Values | null>(null);
  const [page, setPage] = useState(0);
  const checked = RecipientMerchantSearchQuery.safeParse(values);
  const errorOf = (field: Field) =>
    checked.success ? undefined : m(checked.error.issues.find((i) => i.path[0] === field)?.message ?? '') || undefined;
  const search = useQuery({
    ...endpointQuery(merchantApi.ownSearch, { query: { ...submitted, pageSize: 1000 } }),
    enabled: submitted !== null,
    placeholderData: keepPreviousData,
  });
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const filled = hasRecipientMerchantCriterion(values);

  return (
    <Page title={t('merchants.title')}>
      <Stack gap="lg">
        <SearchForm
          label={t('merchants.criteria')}
          canSearch={filled && checked.success}
          requirementMessage={filled ? t('kit.correctFields') : MESSAGES.AT_LEAST_ONE_FIELD}
          onSubmit={() => {
            setPage(0);
            if (JSON.stringify(submitted) === JSON.stringify(values)) void search.refetch();
            setSubmitted({ ...values });
          }}
          onClear={() => {
            setValues(EMPTY);
            setSubmitted(null);
          }}
          loading={search.isFetching}
        >
          <TextInput
            label={t('merchants.name')}
            maxLength={LIMITS.name.max}
            value={values.merchantName}
            onChange={(e) => set('merchantName')(e.currentTarget.value)}
            error={errorOf('merchantName')}
          />
          <TextInput
            label={t('kit.email')}
            maxLength={LIMITS.email.max}
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errorOf('email')}
          />
          <TextInput
            label={t('kit.city')}
            maxLength={LIMITS.city.max}
            value={values.city}
            onChange={(e) => set('city')(e.currentTarget.value)}
            error={errorOf('city')}
          />
          <Select
            label={t('kit.state')}
            placeholder={t('merchants.anyState')}
            clearable
            searchable
            data={STATE_OPTIONS}
            value={values.stateCode || null}
            onChange={(v) => set('stateCode')(v ?? '')}
          />
          <TextInput
            label={t('application.phone')}
            type="tel"
            maxLength={LIMITS.phone.max}
            value={values.phone}
            onChange={(e) => set('phone')(e.currentTarget.value)}
            error={errorOf('phone')}
          />
        </SearchForm>
        {search.isError && <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />}
        {submitted && search.data && (
          <DataTable
            caption={t('merchants.title')}
            columns={columns(t)}
            rows={search.data.data}
            rowKey={(r) => r.merchantUuid}
            rowLabel={(r) => r.merchantName}
            onRowClick={(r) => void navigate(`/recipient/merchant/${r.merchantUuid}`)}
            clientPaging={{ page, onPageChange: setPage }}
            emptyMessage={MERCHANT_MESSAGES.NO_MERCHANTS_FOUND}
          />
        )}
      </Stack>
    </Page>
  );
}
