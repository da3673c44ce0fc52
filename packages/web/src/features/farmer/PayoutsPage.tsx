import type { FarmerMerchant, FarmerPayout } from '@ebt/core/farmer';
import { formatMoney } from '@ebt/core/format';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { errorMessagesOf } from '../../lib/errors';
import { useI18n } from '../../lib/i18n';
import { downloadStatement, useFarmerPayouts } from './api';
import { HoldNotices } from './components/HoldNotices';
import { MerchantFrame } from './components/MerchantFrame';

/** `/merchant/payouts`: each payout of the merchant with its statement, and the money held now with what to do. */
export default function FarmerPayoutsPage() {
  const { t } = useI18n();
  return (
    <MerchantFrame title={t('farmer.payoutsTitle')}>
      {(merchant) => <Payouts key={merchant.merchantUuid} merchant={merchant} />}
    </MerchantFrame>
  );
}

function Payouts({ merchant }: { merchant: FarmerMerchant }) {
  const { t, locale, language } = useI18n();
  const payouts = useFarmerPayouts(merchant.merchantUuid);
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const statement = async (payout: FarmerPayout) => {
    setBusy(payout.batchUuid);
    setProblem([]);
    try {
      await downloadStatement(merchant.merchantUuid, payout.batchUuid, language, `statement-${payout.batchNbr}.pdf`);
    } catch (failure) {
      setProblem(errorMessagesOf(failure, t('farmer.exportFailed')));
    } finally {
      setBusy(null);
    }
  };
  const columns: DataTableColumn<FarmerPayout>[] = [
    { key: 'batch', header: t('farmer.batch'), render: (p) => `${p.batchNbr} · ${p.programName}` },
    { key: 'period', header: t('farmer.period'), render: (p) => <DateText value={p.cutoffAt} /> },
    { key: 'status', header: t('farmer.status'), render: (p) => t(`farmer.status${p.statusId as 0 | 1 | 2 | 3}`) },
    {
      key: 'paid',
      header: t('farmer.paid'),
      render: (p) => <DateText value={p.paidAt} format="date" fallback={t('farmer.notPaidYet')} />,
    },
    { key: 'count', header: t('farmer.transactions'), align: 'right', render: (p) => p.transactionCount },
    { key: 'amount', header: t('farmer.amount'), align: 'right', render: (p) => formatMoney(p.netAmt, locale) },
    {
      key: 'statement',
      header: t('farmer.statement'),
      label: t('farmer.statement'),
      render: (p) => (
        <Button
          size="xs"
          variant="default"
          loading={busy === p.batchUuid}
          onClick={() => void statement(p)}
          aria-label={t('farmer.statementOf', { batch: p.batchNbr })}
        >
          PDF
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Text>{t('farmer.payoutsIntro')}</Text>
      {payouts.isPending && <LoadingStatus label={t('farmer.loading')} />}
      {payouts.isError && <MessageBanner kind="danger" messages={errorMessagesOf(payouts.error)} />}
      {payouts.data && (
        <>
          <HoldNotices holds={payouts.data.holds} />
          <MessageBanner kind="danger" messages={problem} onClose={() => setProblem([])} />
          <DataTable
            caption={t('farmer.payoutsTitle')}
            columns={columns}
            rows={payouts.data.data}
            rowKey={(p) => p.batchUuid}
            emptyMessage={t('farmer.noPayouts')}
          />
        </>
      )}
    </Stack>
  );
}
