import { displayDate, formatMoney } from '@ebt/core/format';
import { TRANSACTION_MESSAGES, type TransactionSearchRow } from '@ebt/core/transactions';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { Money } from '../../../components/Money';
import { errorMessagesOf } from '../../../lib/errors';
import { useRecentTransactions } from '../recipient-api';
import type { TFunction } from 'i18next';
import { useI18n } from '../../../lib/i18n';

export const recipientTransactionColumns = (t: TFunction): DataTableColumn<TransactionSearchRow>[] => [
  {
    key: 'trxDatetime',
    header: t('transactions.date'),
    render: (r) => <DateText value={r.trxDatetime} format="datetime" />,
  },
  { key: 'trxType', header: t('transactions.type'), render: (r) => t(`trxType.${r.trxType}`, r.trxType) },
  {
    key: 'reqAmt',
    header: t('transactions.amount'),
    align: 'right',
    render: (r) => <Money value={r.settleAmt ?? r.reqAmt} />,
  },
  { key: 'merchantName', header: t('transactions.merchant'), render: (r) => r.merchantName ?? '—' },
  {
    key: 'responseText',
    header: t('transactions.result'),
    render: (r) => t(`trxResult.${r.responseText}`, r.responseText),
  },
];

export const recipientTransactionLabel = (t: TFunction, locale: string) => (r: TransactionSearchRow) =>
  `${displayDate(r.trxDatetime, 'datetime', undefined, locale)?.text ?? ''} ${t(`trxType.${r.trxType}`, r.trxType)} ${formatMoney(r.reqAmt, locale)}`;

/** The recipient's newest transactions in one program (program detail, A§2); a row opens its detail. */
export function RecentTransactions({ programUuid }: { programUuid: string }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const recent = useRecentTransactions(programUuid);
  if (recent.isPending) return <LoadingStatus label={t('transactions.loading')} />;
  if (recent.isError) return <MessageBanner kind="danger" messages={errorMessagesOf(recent.error)} />;
  return (
    <DataTable
      caption={t('transactions.recent')}
      columns={recipientTransactionColumns(t)}
      rows={recent.data.data}
      rowKey={(r) => r.trxUuid}
      rowLabel={recipientTransactionLabel(t, locale)}
      onRowClick={(r) => void navigate(`/recipient/transaction/${r.trxUuid}`)}
      emptyMessage={TRANSACTION_MESSAGES.NO_TRANSACTIONS_FOUND}
    />
  );
}
