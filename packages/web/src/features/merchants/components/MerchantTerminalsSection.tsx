import { type IssuedTerminal, type Terminal, TERMINAL_MESSAGES, TERMINAL_NAME_MAX } from '@ebt/core/terminals';
import { Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { useIssueTerminal, useMerchantTerminals, useRevokeTerminal } from '../terminals-api';

type Outcome = { kind: 'success' | 'danger'; messages: string[] } | null;

/**
 * The merchant's point-of-sale terminals (decision 0042), for staff with MERCHANT_UPDATE: the list
 * (active first), 'Issue terminal' with a name, and Revoke after a confirmation. A new terminal's secret is shown
 * once, in a panel that takes focus, with a copy button; it cannot be shown again (the server keeps only its hash).
 */
export function MerchantTerminalsSection({
  merchantUuid,
  merchantName,
}: {
  merchantUuid: string;
  merchantName: string;
}) {
  const terminals = useMerchantTerminals(merchantUuid);
  const issue = useIssueTerminal(merchantUuid);
  const revoke = useRevokeTerminal(merchantUuid);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [issued, setIssued] = useState<IssuedTerminal | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const issuedRef = useOutcomeFocus(issued);
  const outcomeRef = useOutcomeFocus(outcome);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!name.trim()) {
      setNameError('Enter a name for the terminal.');
      nameRef.current?.focus(); // the field in error takes the focus
      return;
    }
    issue.mutate(name.trim(), {
      onSuccess: (answer) => {
        setIssued(answer);
        setName('');
      },
      onError: (error) => setOutcome({ kind: 'danger', messages: errorMessagesOf(error) }),
    });
  };

  const askRevoke = (row: Terminal) =>
    confirmAction({
      message: TERMINAL_MESSAGES.CONFIRM_REVOKE,
      confirmLabel: 'Revoke',
      danger: true,
      onConfirm: () => {
        setIssued(null);
        revoke.mutate(row.terminalId, {
          onSuccess: (answer) => setOutcome({ kind: 'success', messages: [answer.message] }),
          onError: (error) => setOutcome({ kind: 'danger', messages: errorMessagesOf(error) }),
        });
      },
    });

  const columns: DataTableColumn<Terminal>[] = [
    { key: 'terminalId', header: 'Terminal ID', render: (row) => <Code>{row.terminalId}</Code> },
    { key: 'name', header: 'Name' },
    // A farmer user's phone registered from the sell screen (decision 0110) is revoked here like any terminal.
    { key: 'kind', header: 'Kind', render: (row) => (row.kind === 'phone' ? 'Phone' : 'Terminal') },
    { key: 'issuedAt', header: 'Issued', render: (row) => <DateText value={row.issuedAt} format="datetime" /> },
    {
      key: 'lastUsedAt',
      header: 'Last used',
      render: (row) => <DateText value={row.lastUsedAt} format="datetime" fallback="Never" />,
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) =>
        row.revokedAt ? (
          <Text span inherit>
            Revoked <DateText value={row.revokedAt} format="date" />
          </Text>
        ) : (
          'Active'
        ),
    },
    {
      key: 'action',
      header: 'Action',
      render: (row) =>
        row.revokedAt ? null : (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            onClick={() => askRevoke(row)}
            loading={revoke.isPending && revoke.variables === row.terminalId}
            aria-label={`Revoke terminal ${row.terminalId} (${row.name})`}
          >
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A terminal is a card reader, tablet or app this merchant takes benefits with. It signs in to the transaction API
        with its terminal ID and secret.
      </Text>
      {issued && (
        <MessageBanner
          ref={issuedRef}
          kind="success"
          title={`Terminal ${issued.terminal.terminalId} issued`}
          messages={issued.message}
          onClose={() => setIssued(null)}
          details={
            <Stack gap="xs" mt="xs">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  Terminal ID
                </Text>
                <Code>{issued.terminal.terminalId}</Code>
              </Group>
              <Group gap="xs" wrap="wrap" align="center">
                <Text size="sm" fw={600}>
                  Secret
                </Text>
                <Code style={{ wordBreak: 'break-all' }} data-testid="terminal-secret">
                  {issued.secret}
                </Code>
                <CopyButton value={issued.secret}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy secret'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          }
        />
      )}
      {outcome && <MessageBanner ref={outcomeRef} kind={outcome.kind} messages={outcome.messages} />}
      <MessageBanner kind="danger" messages={terminals.isError ? errorMessagesOf(terminals.error) : []} />
      {terminals.isPending && <LoadingStatus label="Loading the terminals" py="md" />}
      {terminals.isSuccess && (
        <DataTable
          caption={`Terminals of ${merchantName}`}
          columns={columns}
          rows={terminals.data}
          rowKey={(row) => row.terminalId}
          emptyMessage={TERMINAL_MESSAGES.NO_TERMINALS}
        />
      )}
      <form onSubmit={submit} aria-label={`Issue a terminal to ${merchantName}`} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            ref={nameRef}
            label="Terminal name"
            description="How staff will know it, e.g. 'Stall 3 tablet'"
            value={name}
            maxLength={TERMINAL_NAME_MAX}
            error={nameError}
            required
            autoComplete="off"
            style={{ flex: '1 1 16rem' }}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
          />
          <Button type="submit" loading={issue.isPending}>
            Issue terminal
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
