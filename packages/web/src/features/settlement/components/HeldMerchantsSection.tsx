import { HELD_MERCHANTS_CAP, SETTLEMENT_MESSAGES, type HeldMerchant } from '@ebt/core/settlement';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { DetailSection } from '../../../components/DetailSection';
import { MessageBanner } from '../../../components/MessageBanner';
import { Money } from '../../../components/Money';
import { errorMessagesOf } from '../../../lib/errors';
import { useHeldMerchants } from '../api';
import type { StaffBase } from '../../../lib/staff-base';

/**
 * The settlement list's 'Merchants on hold' (docs/settlement.md "Holds"): the merchants of the chosen program (or of
 * every program of the caller) whose approved money waits in no batch because they cannot be paid now, with the reason
 * and what they are owed. A close that would pay only them writes no batch, so this is where staff see them. The
 * merchant opens its detail, where its status and bank information are fixed.
 */
export function HeldMerchantsSection({ base, programUuid }: { base: StaffBase; programUuid: string }) {
  const held = useHeldMerchants(programUuid);
  const rows = held.data?.data ?? [];
  const totalCents = rows.reduce((sum, h) => sum + Math.round(h.heldAmt * 100), 0);
  const columns: DataTableColumn<HeldMerchant>[] = [
    {
      key: 'merchantName',
      header: 'Merchant',
      render: (h) => (
        <Anchor component={Link} to={`/${base}/merchant/${h.merchantUuid}`} inherit>
          {h.merchantName} ({h.merchantIdentifier})
        </Anchor>
      ),
    },
    { key: 'programName', header: 'Program' },
    { key: 'reason', header: 'Reason' },
    { key: 'transactionCount', header: 'Transactions', align: 'right' },
    { key: 'heldAmt', header: 'Owed', align: 'right', render: (h) => <Money value={h.heldAmt} /> },
    {
      key: 'waitingSince',
      header: 'Waiting since',
      render: (h) => <DateText value={h.waitingSince} format="datetime" />,
    },
  ];
  return (
    <DetailSection title="Merchants on hold">
      <Text>
        Their approved sales wait in no batch until the merchant is active with complete bank information; the first
        close after that pays them.
      </Text>
      {rows.length > 0 && (
        <Text data-testid="held-total">
          Owed to {rows.length === 1 ? '1 merchant' : `${rows.length} merchants`} on hold:{' '}
          <Money value={totalCents / 100} />
        </Text>
      )}
      {held.data?.countCapped && (
        <MessageBanner
          kind="info"
          messages={`The first ${HELD_MERCHANTS_CAP.toLocaleString('en-US')} merchants on hold are shown: choose a program.`}
        />
      )}
      {held.isError ? (
        <MessageBanner kind="danger" messages={errorMessagesOf(held.error)} />
      ) : (
        <DataTable
          caption="Merchants on hold"
          columns={columns}
          rows={rows}
          rowKey={(h) => `${h.programUuid}-${h.merchantUuid}`}
          loading={held.isPending}
          emptyMessage={SETTLEMENT_MESSAGES.NO_HOLDS}
        />
      )}
    </DetailSection>
  );
}
