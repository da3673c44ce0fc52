import type { StaffBankChangeRequest } from '@ebt/core/bank-changes';
import { BANK_ACCOUNT_TYPE_LABEL, type BankAccountType } from '@ebt/core/enums';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DateText } from '../../../components/DateText';
import { FormOutcome } from '../../../components/FormOutcome';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useConfirmBankChange, useMerchantBankChanges, useRefuseBankChange } from '../api';

/**
 * The merchant page's bank change requests (staff with BANK_VIEW): the pending one with Confirm (applies the numbers
 * to the bank account) and Refuse (with a reason the farmers are sent); the last decided ones below.
 */
export function MerchantBankChangeSection({ merchantUuid }: { merchantUuid: string }) {
  const list = useMerchantBankChanges(merchantUuid);
  const confirm = useConfirmBankChange(merchantUuid);
  const refuse = useRefuseBankChange(merchantUuid);
  const [asking, setAsking] = useState<'confirm' | 'refuse' | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  if (list.isPending) return <LoadingStatus label="Loading bank change requests" />;
  if (list.isError) return <MessageBanner kind="danger" messages={errorMessagesOf(list.error)} />;
  const pending = list.data.find((r) => r.status === 'pending');
  const decided = list.data.filter((r) => r.status !== 'pending');
  const close = () => {
    setAsking(null);
    setReason('');
  };

  return (
    <Stack gap="sm" data-testid="bank-change-requests">
      <Text fw={600}>Bank change requests</Text>
      <FormOutcome success={done} error={null} />
      {!pending && <Text>No bank change request is waiting.</Text>}
      {pending && (
        <Stack gap={4} data-testid="bank-change-pending">
          <RequestLines request={pending} />
          <Group>
            <Button onClick={() => setAsking('confirm')}>Confirm change</Button>
            <Button variant="outline" color="red.8" onClick={() => setAsking('refuse')}>
              Refuse
            </Button>
          </Group>
          <ConfirmDialog
            opened={asking === 'confirm'}
            onClose={close}
            title="Confirm the bank change"
            message={`Payouts will go to account ${pending.accountNumber} (routing ${pending.routingNumber}). Apply it?`}
            confirmLabel="Apply"
            loading={confirm.isPending}
            onConfirm={() =>
              confirm.mutate(pending.requestUuid, {
                onSuccess: (answer) => {
                  close();
                  setDone(answer.message);
                },
              })
            }
          >
            {confirm.isError && <MessageBanner kind="danger" messages={errorMessagesOf(confirm.error)} />}
          </ConfirmDialog>
          <ConfirmDialog
            opened={asking === 'refuse'}
            onClose={close}
            title="Refuse the bank change"
            message="The farmers of this merchant are sent the reason. The account stays as it is."
            confirmLabel="Refuse"
            danger
            loading={refuse.isPending}
            confirmDisabled={reason.trim() === ''}
            onConfirm={() =>
              refuse.mutate(
                { requestUuid: pending.requestUuid, reason: reason.trim() },
                {
                  onSuccess: (answer) => {
                    close();
                    setDone(answer.message);
                  },
                },
              )
            }
          >
            <Textarea
              label="Reason"
              required
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            {refuse.isError && <MessageBanner kind="danger" messages={errorMessagesOf(refuse.error)} />}
          </ConfirmDialog>
        </Stack>
      )}
      {decided.map((r) => (
        <Stack key={r.requestUuid} gap={2}>
          <RequestLines request={r} />
        </Stack>
      ))}
    </Stack>
  );
}

const STATUS_LABEL = { pending: 'Pending', applied: 'Applied', refused: 'Refused', withdrawn: 'Withdrawn' } as const;

function RequestLines({ request }: { request: StaffBankChangeRequest }) {
  return (
    <>
      <Text>
        {STATUS_LABEL[request.status]} · asked by {request.requestedBy ?? 'a former user'} on{' '}
        <DateText value={request.requestedAt} />
        {request.decidedBy && ` · decided by ${request.decidedBy}`}
      </Text>
      <Text>
        Account {request.accountNumber} · routing {request.routingNumber} ·{' '}
        {BANK_ACCOUNT_TYPE_LABEL[request.bankAccountType as BankAccountType]} · holder {request.holderName}
        {request.bankName && ` · ${request.bankName}`}
      </Text>
      {request.note && <Text size="sm">Note: {request.note}</Text>}
      {request.refusalReason && <Text size="sm">Reason: {request.refusalReason}</Text>}
    </>
  );
}
