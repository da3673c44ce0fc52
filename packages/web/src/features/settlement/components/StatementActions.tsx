import { Button, Group } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { errorMessagesOf } from '../../../lib/errors';
import { useDownloadStatement, useEmailStatement } from '../api';

export type StatementOutcome = { kind: 'success' | 'danger'; messages: string[] } | null;

/**
 * A merchant's statement of one batch (decision 0068): 'Statement PDF' saves the printable PDF, 'E-mail statement'
 * queues it to the merchant's e-mail address with the PDF attached. The outcome (the address it went to, or why not)
 * goes to `onOutcome`, which shows it in one banner for the whole list and moves focus to it.
 */
export function StatementActions({
  batchUuid,
  merchantUuid,
  name,
  onOutcome,
}: {
  batchUuid: string;
  merchantUuid: string;
  /** Names the batch in the buttons' accessible names, e.g. 'batch 12'. */
  name: string;
  onOutcome: (outcome: StatementOutcome) => void;
}) {
  const download = useDownloadStatement();
  const email = useEmailStatement();
  const target = { batchUuid, merchantUuid };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload aria-hidden size={14} />}
        loading={download.isPending}
        aria-label={`Statement PDF of ${name}`}
        onClick={() => {
          onOutcome(null);
          download.mutate(target, {
            onSuccess: (file) => onOutcome({ kind: 'success', messages: [`Downloaded ${file.filename}.`] }),
            onError: (error) => onOutcome({ kind: 'danger', messages: errorMessagesOf(error) }),
          });
        }}
      >
        Statement PDF
      </Button>
      <Button
        size="xs"
        variant="outline"
        leftSection={<IconMail aria-hidden size={14} />}
        loading={email.isPending}
        aria-label={`E-mail statement of ${name}`}
        onClick={() => {
          onOutcome(null);
          email.mutate(target, {
            onSuccess: (answer) => onOutcome({ kind: 'success', messages: [answer.message] }),
            onError: (error) => onOutcome({ kind: 'danger', messages: errorMessagesOf(error) }),
          });
        }}
      >
        E-mail statement
      </Button>
    </Group>
  );
}
