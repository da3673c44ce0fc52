import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { isSameAgencyMove, RECIPIENT_MESSAGES, type RecipientAccount } from '@ebt/core/recipients';
import { Button, Checkbox, Select, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useProgramAgencies } from '../../../lib/lookups';
import { useMoveRecipient } from '../api';
import type { Outcome } from './outcome';

/**
 * Change Agency (A§5 "Move recipient", A§7 recipientApi.move): the new agency is one of the program's
 * agencies the caller may use, never the current one, and the move needs the tick 'Yes, I really want to move the
 * recipient.'. The server's refusals ('You must have access to both agencies to move the recipient.') stay in the
 * dialog; success reports 'Recipient moved to {agency}.'.
 */
export function ChangeAgency({ account, onDone }: { account: RecipientAccount; onDone: (outcome: Outcome) => void }) {
  const [opened, setOpened] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [sure, setSure] = useState(false);
  const move = useMoveRecipient();
  const agencies = useProgramAgencies(account.programUuid);
  const options = useMemo(
    () =>
      (agencies.data ?? [])
        .filter((a) => !isSameAgencyMove(account.agencyUuid, a.agencyUuid))
        .map((a) => ({ value: a.agencyUuid, label: a.agencyName })),
    [agencies.data, account.agencyUuid],
  );
  const noTarget = agencies.isSuccess && options.length === 0;

  const open = () => {
    move.reset();
    setTarget(null);
    setSure(false);
    setOpened(true);
  };

  const confirm = async () => {
    if (!target || !sure) return;
    try {
      const saved = await move.mutateAsync({
        accountUuid: account.accountUuid,
        fromAgency: account.agencyUuid,
        toAgency: target,
      });
      setOpened(false);
      onDone({
        kind: 'success',
        lines: [fillMessage(RECIPIENT_MESSAGES.RECIPIENT_MOVED, { agency: saved.agencyName ?? '' })],
      });
    } catch {
      // The dialog shows the server's reason and stays open.
    }
  };

  return (
    <>
      <Stack gap={4} align="flex-start">
        <Button
          variant="default"
          leftSection={<IconArrowsExchange aria-hidden size={18} />}
          onClick={open}
          disabled={noTarget}
          loading={agencies.isPending}
        >
          Change Agency
        </Button>
        {noTarget && (
          <Text fz="sm" c="dimmed">
            {RECIPIENT_MESSAGES.NO_OTHER_AGENCY}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={() => void confirm()}
        title="Change Agency"
        message={`Move recipient ${account.recipientIdentifier} from ${account.agencyName ?? 'no agency'} to another agency of ${account.programName}.`}
        confirmLabel="Move"
        confirmDisabled={!target || !sure}
        loading={move.isPending}
      >
        <Select
          label="New agency"
          withAsterisk
          placeholder="Choose an agency"
          data={options}
          value={target}
          onChange={setTarget}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Checkbox
          label={MESSAGES.MOVE_CONFIRM_LABEL}
          checked={sure}
          onChange={(e) => setSure(e.currentTarget.checked)}
        />
        <MessageBanner kind="danger" messages={move.isError ? errorMessagesOf(move.error) : []} />
        <MessageBanner kind="danger" messages={agencies.isError ? errorMessagesOf(agencies.error) : []} />
      </ConfirmDialog>
    </>
  );
}
