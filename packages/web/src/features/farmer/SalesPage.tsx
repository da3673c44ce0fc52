import type { FarmerMerchant, FarmerSale, FarmerSalesQuery } from '@ebt/core/farmer';
import { formatMoney } from '@ebt/core/format';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateField } from '../../components/DateField';
import { MessageBanner } from '../../components/MessageBanner';
import { errorMessagesOf } from '../../lib/errors';
import { useI18n } from '../../lib/i18n';
import { downloadSales, useFarmerSales } from './api';
import { MerchantFrame } from './components/MerchantFrame';
import { responseReasonKey } from '../sell';
import {
  type EngineOutcome,
  EngineOutcomeBanner,
  SaleActions,
  type SaleAction,
  SaleDialog,
} from './components/SaleActions';
import { localDay, zonedDateTime, zonedToday } from './zoned-time';

/** The transaction types of a merchant's list (db reference data), in the reader's language. */
const TYPE_KEYS: Record<number, string> = {
  1: 'farmer.typePurchase',
  2: 'farmer.typeRefund',
  3: 'farmer.typeInquiry',
  4: 'farmer.typeReversal',
  5: 'farmer.typeRefundReversal',
};

type Criteria = Required<Pick<FarmerSalesQuery, 'from' | 'to' | 'programUuid' | 'kind' | 'outcome'>>;

/** `/merchant/sales`: the merchant's sales in a range of days (today first), with totals, export, refund and void. */
export default function FarmerSalesPage() {
  const { t } = useI18n();
  return (
    <MerchantFrame title={t('farmer.salesTitle')}>
      {(merchant) => <Sales key={merchant.merchantUuid} merchant={merchant} />}
    </MerchantFrame>
  );
}

function Sales({ merchant }: { merchant: FarmerMerchant }) {
  const { t, locale } = useI18n();
  const today = zonedToday(merchant.programs[0]?.timeZone ?? 'America/New_York');
  const empty: Criteria = { from: today, to: today, programUuid: '', kind: '', outcome: '' };
  const [draft, setDraft] = useState<Criteria>(empty);
  const [criteria, setCriteria] = useState<Criteria>(empty);
  const [page, setPage] = useState(0);
  const [outcome, setOutcome] = useState<EngineOutcome | null>(null);
  const [opened, setOpened] = useState<{ sale: FarmerSale; action: SaleAction } | null>(null);
  const [exportProblem, setExportProblem] = useState<string[]>([]);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const sales = useFarmerSales(merchant.merchantUuid, { ...criteria, page, pageSize: 20 });
  const money = (value: number) => formatMoney(value, locale);
  const set = (field: keyof Criteria) => (value: string | null) => setDraft((d) => ({ ...d, [field]: value ?? '' }));

  const exportAs = async (type: 'csv' | 'xlsx') => {
    setExporting(type);
    setExportProblem([]);
    try {
      await downloadSales(
        merchant.merchantUuid,
        { ...criteria, exportType: type === 'xlsx' ? 'xlsx' : undefined },
        `sales.${type}`,
      );
    } catch (failure) {
      setExportProblem(errorMessagesOf(failure, t('farmer.exportFailed')));
    } finally {
      setExporting(null);
    }
  };

  const columns: DataTableColumn<FarmerSale>[] = [
    {
      key: 'time',
      header: t('farmer.time'),
      render: (s) => zonedDateTime(s.trxDatetime, s.timeZone, locale),
    },
    { key: 'type', header: t('farmer.type'), render: (s) => t(TYPE_KEYS[s.trxTypeId] ?? 'farmer.typeOther') },
    {
      key: 'amount',
      header: t('farmer.amount'),
      align: 'right',
      render: (s) => money(s.approved ? s.approvedAmt : s.reqAmt),
    },
    { key: 'card', header: t('farmer.card'), render: (s) => (s.cardLast4 ? `•••• ${s.cardLast4}` : '') },
    {
      key: 'result',
      header: t('farmer.result'),
      render: (s) =>
        s.reversed
          ? t('farmer.voided')
          : s.approved
            ? t('farmer.approved')
            : t('farmer.declined', { reason: t(responseReasonKey(s.responseCode), { code: s.responseCode }) }),
    },
    {
      key: 'actions',
      header: t('farmer.actions'),
      label: t('farmer.actions'),
      render: (s) => (
        <SaleActions
          sale={s}
          merchantUuid={merchant.merchantUuid}
          onOpen={(sale, action) => setOpened({ sale, action })}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <form
        aria-label={t('farmer.criteria')}
        onSubmit={(event) => {
          event.preventDefault();
          setCriteria(draft);
          setPage(0);
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <DateField label={t('farmer.from')} value={draft.from} onChange={set('from')} />
          <DateField label={t('farmer.to')} value={draft.to} onChange={set('to')} />
          <Select
            label={t('farmer.program')}
            placeholder={t('farmer.allPrograms')}
            clearable
            data={merchant.programs.map((p) => ({ value: p.programUuid, label: p.programName }))}
            value={draft.programUuid || null}
            onChange={set('programUuid')}
          />
          <Select
            label={t('farmer.kind')}
            placeholder={t('farmer.allKinds')}
            clearable
            data={[
              { value: 'purchase', label: t('farmer.kindPurchase') },
              { value: 'refund', label: t('farmer.kindRefund') },
              { value: 'reversal', label: t('farmer.kindReversal') },
            ]}
            value={draft.kind || null}
            onChange={set('kind')}
          />
          <Select
            label={t('farmer.outcome')}
            placeholder={t('farmer.allOutcomes')}
            clearable
            data={[
              { value: 'approved', label: t('farmer.approvedOnly') },
              { value: 'declined', label: t('farmer.declinedOnly') },
            ]}
            value={draft.outcome || null}
            onChange={set('outcome')}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" loading={sales.isFetching}>
            {t('farmer.show')}
          </Button>
        </Group>
      </form>
      <EngineOutcomeBanner outcome={outcome} onClose={() => setOutcome(null)} />
      <SaleDialog
        open={opened}
        merchantUuid={merchant.merchantUuid}
        onClose={() => setOpened(null)}
        onOutcome={setOutcome}
      />
      {sales.isError && <MessageBanner kind="danger" messages={errorMessagesOf(sales.error)} />}
      {sales.data && (
        <>
          <section aria-labelledby="farmer-totals">
            <Title order={2} size="h3" id="farmer-totals" mb="xs">
              {t('farmer.totals')} (
              {sales.data.from === sales.data.to
                ? localDay(sales.data.from, locale)
                : `${localDay(sales.data.from, locale)} – ${localDay(sales.data.to, locale)}`}
              )
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs">
              {(
                [
                  ['salesCount', String(sales.data.totals.salesCount)],
                  ['salesAmt', money(sales.data.totals.salesAmt)],
                  ['refundsAmt', money(sales.data.totals.refundsAmt)],
                  ['voidsCount', String(sales.data.totals.voidsCount)],
                  ['netAmt', money(sales.data.totals.netAmt)],
                  ['declinedCount', String(sales.data.totals.declinedCount)],
                ] as const
              ).map(([key, value]) => (
                <Card key={key} withBorder padding="xs">
                  <Text size="sm" c="dimmed">
                    {t(`farmer.${key}`)}
                  </Text>
                  <Text fw={700} data-total={key}>
                    {value}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>
          <Group justify="flex-end">
            <Button variant="default" size="sm" loading={exporting === 'csv'} onClick={() => void exportAs('csv')}>
              {t('farmer.exportCsv')}
            </Button>
            <Button variant="default" size="sm" loading={exporting === 'xlsx'} onClick={() => void exportAs('xlsx')}>
              {t('farmer.exportXlsx')}
            </Button>
          </Group>
          <MessageBanner kind="danger" messages={exportProblem} onClose={() => setExportProblem([])} />
          <DataTable
            caption={t('farmer.salesTitle')}
            columns={columns}
            rows={sales.data.data}
            rowKey={(s) => s.trxUuid}
            emptyMessage={t('farmer.noSales')}
            serverPaging={{
              page: sales.data.page,
              totalPages: sales.data.totalPages,
              totalCount: sales.data.totalCount,
              onPageChange: setPage,
            }}
          />
        </>
      )}
    </Stack>
  );
}
