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

export const RECIPIENT_TRANSACTION_COLUMNS: DataTableColumn<TransactionSearchRow>[] = [
  { key: 'trxDatetime', header: 'Date', render: (r) => <DateText value={r.trxDatetime} format="datetime" /> },
  { key: 'trxType', header: 'Type' },
  { key: 'reqAmt', header: 'Amount', align: 'right', render: (r) => <Money value={r.settleAmt ?? r.reqAmt} /> },
  { key: 'merchantName', header: 'Merchant', render: (r) => r.merchantName ?? '—' },
  { key: 'responseText', header: 'Result' },
];

export const recipientTransactionLabel = (r: TransactionSearchRow) =>
  `${displayDate(r.trxDatetime, 'datetime')?.text ?? ''} ${r.trxType} ${formatMoney(r.reqAmt)}`;

/** The recipient's newest transactions in one program (program detail, A§2); a row opens its detail. */
export function RecentTransactions({ programUuid }: { programUuid: string }) {
  const navigate = useNavigate();
  const recent = useRecentTransactions(programUuid);
  if (recent.isPending) return <LoadingStatus label="Loading transactions" />;
  if (recent.isError) return <MessageBanner kind="danger" messages={errorMessagesOf(recent.error)} />;
  return (
    <DataTable
      caption="Recent transactions"
      columns={RECIPIENT_TRANSACTION_COLUMNS}
      rows={recent.data.data}
      rowKey={(r) => r.trxUuid}
      rowLabel={recipientTransactionLabel}
      onRowClick={(r) => void navigate(`/recipient/transaction/${r.trxUuid}`)}
      emptyMessage={TRANSACTION_MESSAGES.NO_TRANSACTIONS_FOUND}
    />
  );
}
