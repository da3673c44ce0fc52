import {
  MERCHANT_SEARCH_EMAIL_MAX,
  MERCHANT_SEARCH_FNS_MAX,
  MERCHANT_SEARCH_ID_MAX,
  MERCHANT_SEARCH_NAME_MAX,
} from '@ebt/core/constants';
import {
  hasMerchantSearchCriterion,
  MERCHANT_EXPORT_ROW_CAP,
  MERCHANT_MESSAGES,
  merchantApi,
  merchantSearchCriteria,
  type MerchantSearchRow,
} from '@ebt/core/merchants';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconBuildingStore, IconFileImport } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { ExportButtons } from '../../components/ExportButtons';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { SearchForm } from '../../components/SearchForm';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms } from '../../lib/lookups';
import { displayPhone } from '../../lib/person';
import { useSearchForm } from '../../lib/search-form';
import { selectProps } from '../../lib/select-props';
import { useSessionUser } from '../../lib/session-user';
import { useMerchantSearch } from './api';
import type { StaffBase } from '../../lib/staff-base';
import {
  EMPTY_MERCHANT_SEARCH,
  MERCHANT_URL_CRITERIA,
  merchantSearchValuesOf,
  validateMerchantSearch,
} from './criteria';

/** The export's truncation note (decision 0020: at most 100,000 rows). */
const EXPORT_TRUNCATED = `The export holds the first ${MERCHANT_EXPORT_ROW_CAP.toLocaleString('en-US')} merchants; narrow the search for the rest.`;

/**
 * `{base}/merchants` (B§2 "Merchants", B§5 "Merchant search"): merchant id, name, FNS number, e-mail and program;
 * Search is unavailable with no criterion. The server answers up to 1000 rows, shown 10 a page; a row opens
 * {base}/merchant/{merchantUuid}. Import Merchants and New Merchant show only with MERCHANT_ADD.
 */
export default function MerchantSearchPage({ base }: { base: StaffBase }) {
  const user = useSessionUser();
  const canAdd = hasAnyPrivilege(user.privileges, PRIVILEGE.MERCHANT_ADD);
  const navigate = useNavigate();
  const headingId = useId();

  const { form, submitted, params, submitHandler, clear, showPage } = useSearchForm({
    spec: MERCHANT_URL_CRITERIA,
    empty: EMPTY_MERCHANT_SEARCH,
    valuesOf: merchantSearchValuesOf,
    criteriaOf: merchantSearchCriteria,
    validate: validateMerchantSearch,
  });

  const programs = useCallerPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: String(p.programId), label: p.programName })),
    [programs.data],
  );

  const search = useMerchantSearch(submitted?.criteria ?? null);
  const rows = submitted && search.data ? search.data.data : [];
  const handleSubmit = submitHandler(() => void search.refetch());

  const openRow = (row: MerchantSearchRow) => {
    // The detail's back link returns to these results (Back does too: the search is in the URL).
    void navigate(`/${base}/merchant/${row.merchantUuid}`, { state: { search: params.toString() } });
  };

  const columns = useMemo(() => merchantColumns(), []);
  const capped = submitted && search.data?.countCapped;

  return (
    <Page
      title="Merchants"
      actions={
        canAdd && (
          <Group gap="xs">
            <Button
              component={Link}
              to={`/${base}/merchant/file`}
              variant="default"
              leftSection={<IconFileImport aria-hidden size={18} />}
            >
              Import Merchants
            </Button>
            <Button
              component={Link}
              to={`/${base}/merchant/add`}
              leftSection={<IconBuildingStore aria-hidden size={18} />}
            >
              New Merchant
            </Button>
          </Group>
        )
      }
    >
      <Stack gap="lg">
        <SearchForm
          label="Merchant search criteria"
          canSearch={hasMerchantSearchCriterion(form.values)}
          onSubmit={() => handleSubmit()}
          onClear={clear}
          loading={search.isFetching}
        >
          <TextInput
            label="Merchant ID"
            maxLength={MERCHANT_SEARCH_ID_MAX}
            autoComplete="off"
            {...form.getInputProps('merchantId')}
          />
          <TextInput
            label="Merchant name"
            maxLength={MERCHANT_SEARCH_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('merchantName')}
          />
          <TextInput
            label="FNS number"
            maxLength={MERCHANT_SEARCH_FNS_MAX}
            autoComplete="off"
            {...form.getInputProps('fnsNumber')}
          />
          <TextInput
            label="E-mail"
            type="email"
            maxLength={MERCHANT_SEARCH_EMAIL_MAX}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <Select
            label="Program"
            placeholder={programs.isPending ? 'Loading programs…' : 'All programs'}
            data={programOptions}
            clearable
            {...selectProps(form.getInputProps('programId'))}
            onChange={(value) => form.setFieldValue('programId', value ?? '')}
          />
        </SearchForm>

        <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />

        {submitted && (
          <Stack gap="sm" component="section" aria-labelledby={headingId}>
            <Group justify="space-between" gap="sm">
              <Title order={2} id={headingId} fz="h3">
                Results
              </Title>
              {rows.length > 0 && (
                <ExportButtons
                  endpoint={merchantApi.exportSearch}
                  criteria={submitted.criteria}
                  fileName="merchants"
                  truncatedMessage={EXPORT_TRUNCATED}
                />
              )}
            </Group>
            {search.isError ? (
              <MessageBanner kind="danger" messages={errorMessagesOf(search.error)} />
            ) : (
              <>
                {capped && (
                  <MessageBanner
                    kind="info"
                    messages={`More merchants match than the ${rows.length.toLocaleString('en-US')} listed; narrow the search to see the rest.`}
                  />
                )}
                <DataTable
                  caption="Merchants found"
                  columns={columns}
                  rows={rows}
                  rowKey={(row) => row.merchantUuid}
                  onRowClick={openRow}
                  rowLabel={(row) => `Open merchant ${row.merchantIdentifier}`}
                  loading={search.isFetching}
                  emptyMessage={
                    search.isSuccess && !search.isPlaceholderData ? MERCHANT_MESSAGES.NO_MERCHANTS_FOUND : undefined
                  }
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

/** The export's columns (decision 0020), the registered address's city and state together. */
function merchantColumns(): DataTableColumn<MerchantSearchRow>[] {
  const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return [
    { key: 'merchantIdentifier', header: 'Merchant ID' },
    { key: 'merchantName', header: 'Name' },
    { key: 'fnsNumber', header: 'FNS number', render: (r) => r.fnsNumber ?? '—' },
    { key: 'email', header: 'E-mail', render: (r) => r.email ?? '—' },
    { key: 'businessPhone', header: 'Business phone', render: (r) => nowrap(displayPhone(r.businessPhone) || '—') },
    { key: 'mobilePhone', header: 'Mobile phone', render: (r) => nowrap(displayPhone(r.mobilePhone) || '—') },
    {
      key: 'place',
      header: 'City / state',
      render: (r) => [r.city, r.stateCode].filter(Boolean).join(', ') || '—',
    },
    { key: 'merchantStatus', header: 'Status' },
  ];
}
