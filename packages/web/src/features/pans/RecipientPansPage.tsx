import { AUTO_PRINT_DELAY_MS } from '@ebt/core/constants';
import {
  isAccountEditable,
  PAN_STATUS_ACTIONS,
  PAN_STATUS_LABEL,
  PAN_TYPE_LABEL,
  type PanStatus,
  type PanType,
} from '@ebt/core/enums';
import { fillMessage } from '@ebt/core/messages';
import { assignPanDigits, canSetPanStatus, PAN_MESSAGES, type Pan, type PanStatusBody } from '@ebt/core/pans';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Anchor, Badge, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../components/confirm-action';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { FormOutcome } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { personName } from '../../lib/person';
import { useSessionUser } from '../../lib/session-user';
import type { StaffBase } from '../../lib/staff-base';
import { BackLink } from '../../components/BackLink';
import { useAssignPan, useGeneratePan, usePanAccount, useRecipientPans, useSetPanStatus } from './api';
import { WARNING_BADGE_COLOR } from '../../components/badge-colors';
import { PanNumber } from './components/PanNumber';
import { StaffCardDevices } from '../pay';
import { StaffPin } from './components/StaffPin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The printable card view of one PAN (resolution 7), opened in this tab (no other tab may hold the session). */
export function printPath(base: StaffBase, query: { panId: number } | { panGenId: number }) {
  const [name, value] = Object.entries(query)[0]!;
  return `/${base}/pans/view?${name}=${value}`;
}

type Outcome = { success: string | null; error: unknown };

/**
 * `{base}/pans/{id}/{progId}` (B§2 "Recipient PANs", B§4, B§5, B§8): the recipient's PANs, masked (B§9; decision
 * 0097), each with 'Show number' for holders of BULK_PAN_GEN (the whole number of that card, revealed in place and
 * audited by the server), Lost, Stolen and Inactive after a confirmation, and a Print link; Generate with 'print
 * after generation' (ticked by default: the new PAN's print link opens 1 second after the list has reloaded, B§4);
 * Assign PAN by its last 10 or all 19 digits. Generate and assign are disabled for account type 1 or when maxPrintedPans is
 * below 1 (the server refuses them too).
 */
export default function RecipientPansPage({ base }: { base: StaffBase }) {
  const { id = '', progId = '' } = useParams();
  const valid = UUID.test(id) && /^\d{1,10}$/.test(progId);
  const accountUuid = valid ? id.toLowerCase() : '00000000-0000-0000-0000-000000000000';
  const programId = valid ? Number(progId) : 0;
  const account = usePanAccount(accountUuid);
  const list = useRecipientPans(programId, accountUuid);
  const generate = useGeneratePan(programId, accountUuid);
  const assign = useAssignPan(programId, accountUuid);
  const setStatus = useSetPanStatus(accountUuid);
  const [outcome, setOutcome] = useState<Outcome>({ success: null, error: null });
  const [printAfter, setPrintAfter] = useState(true);
  const [toPrint, setToPrint] = useState<number | null>(null);
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);
  const entryRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  // The printing privilege: who may print a card may see its whole number, one card at a time (decision 0097).
  const canReveal = hasAnyPrivilege(useSessionUser().privileges, PRIVILEGE.BULK_PAN_GEN);

  // B§4: once the PANs have reloaded with the new one, its printable view opens after 1 second, in this tab: a second
  // tab would carry a copy of the session (lib/session.ts: never shared with another tab), and a tab opened without a
  // click can be blocked silently by the browser.
  const listed = list.data?.some((p) => p.panId === toPrint) ?? false;
  useEffect(() => {
    if (toPrint === null || !listed) return;
    const timer = window.setTimeout(() => {
      setToPrint(null);
      void navigate(printPath(base, { panId: toPrint }));
    }, AUTO_PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [toPrint, listed, navigate, base]);

  const back = <BackLink to={`/${base}/recipient/${id}/${progId}`}>Back to Recipient</BackLink>;

  if (!valid || isApiError(account.error, 404) || isApiError(list.error, 404)) {
    return (
      <Page title="Recipient PANs" actions={back}>
        <MessageBanner kind="warning" messages={PAN_MESSAGES.RECIPIENT_NOT_FOUND} />
      </Page>
    );
  }
  if (account.isError || list.isError) {
    return (
      <Page title="Recipient PANs" actions={back}>
        <MessageBanner kind="danger" messages={errorMessagesOf(account.error ?? list.error)} />
      </Page>
    );
  }
  if (account.isPending) {
    return (
      <Page title="Recipient PANs" actions={back}>
        <LoadingStatus label="Loading the recipient" />
      </Page>
    );
  }

  const recipient = account.data;
  const room = recipient.maxPrintedPans ?? 0;
  const canAdd = isAccountEditable(recipient.accountTypeId) && room >= 1;
  const busy = generate.isPending || assign.isPending || setStatus.isPending;

  const onGenerate = async () => {
    setOutcome({ success: null, error: null });
    try {
      const answer = await generate.mutateAsync();
      setOutcome({ success: answer.message, error: null });
      if (printAfter) setToPrint(answer.panId);
    } catch (error) {
      setOutcome({ success: null, error });
    }
  };

  const onAssign = async (event: FormEvent) => {
    event.preventDefault();
    const digits = assignPanDigits(entry);
    if (!digits) {
      setEntryError(PAN_MESSAGES.INVALID_ASSIGN_PAN);
      entryRef.current?.focus(); // the field in error takes the focus
      return;
    }
    setEntryError(null);
    setOutcome({ success: null, error: null });
    try {
      const answer = await assign.mutateAsync(digits);
      setEntry('');
      setOutcome({ success: answer.message, error: null });
    } catch (error) {
      setOutcome({ success: null, error });
    }
  };

  const askStatus = (pan: Pan, panStatusId: PanStatusBody['panStatusId']) => {
    const label = PAN_STATUS_LABEL[panStatusId as PanStatus];
    confirmAction({
      title: `${label} PAN`,
      message: fillMessage(PAN_MESSAGES.CONFIRM_PAN_STATUS, { status: label }),
      confirmLabel: label,
      danger: true,
      onConfirm: () => {
        setOutcome({ success: null, error: null });
        setStatus.mutate(
          { panId: pan.panId, panStatusId },
          {
            onSuccess: (answer) => setOutcome({ success: answer.message, error: null }),
            onError: (error) => setOutcome({ success: null, error }),
          },
        );
      },
    });
  };

  const columns: DataTableColumn<Pan>[] = [
    {
      key: 'pan',
      header: 'PAN',
      render: (p) => (
        <PanNumber
          pan={p}
          canReveal={canReveal}
          onError={(error) => setOutcome({ success: null, error: isApiError(error, 403) ? null : error })}
        />
      ),
    },
    { key: 'type', header: 'Type', render: (p) => PAN_TYPE_LABEL[p.panTypeId as PanType] ?? p.panTypeId },
    {
      key: 'status',
      header: 'Status',
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          {PAN_STATUS_LABEL[p.panStatusId as PanStatus] ?? p.panStatusId}
          {p.locked && (
            <Badge color={WARNING_BADGE_COLOR} variant="outline">
              Locked
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'pin', header: 'PIN', render: (p) => <StaffPin pan={p} busy={busy} onOutcome={setOutcome} /> },
    { key: 'activeDate', header: 'Active Date', render: (p) => <DateText value={p.activeDate} /> },
    { key: 'expirationDate', header: 'Expiration Date', render: (p) => <DateText value={p.expirationDate} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <Group gap="xs" wrap="wrap">
          {PAN_STATUS_ACTIONS.filter((to) => canSetPanStatus(p.panStatusId, to)).map((to) => (
            <Button
              key={to}
              size="compact-sm"
              variant="outline"
              color="red.9"
              disabled={busy}
              onClick={() => askStatus(p, to)}
              aria-label={`${PAN_STATUS_LABEL[to]}: PAN ending in ${p.pan.slice(-4)}`}
            >
              {PAN_STATUS_LABEL[to]}
            </Button>
          ))}
          <Anchor
            component={Link}
            // In this tab: the card view reads this tab's session, which no other tab may hold (lib/session.ts).
            to={printPath(base, { panId: p.panId })}
            aria-label={`Print PAN ending in ${p.pan.slice(-4)}`}
          >
            <IconPrinter aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} /> Print
          </Anchor>
        </Group>
      ),
    },
  ];

  return (
    <Page title="Recipient PANs" actions={back}>
      <FieldList>
        <ReadOnlyField label="Recipient" value={personName(recipient)} />
        <ReadOnlyField label="Account ID" value={recipient.recipientIdentifier} />
        <ReadOnlyField label="Program" value={recipient.programName} />
      </FieldList>
      <FormOutcome success={outcome.success} error={outcome.error} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DetailSection title="Generate PAN">
          <Stack gap="sm">
            <Text fz="sm">
              {isAccountEditable(recipient.accountTypeId)
                ? `This recipient may hold ${room} more ${room === 1 ? 'PAN' : 'PANs'}.`
                : PAN_MESSAGES.ACCOUNT_TYPE_NO_PANS}
            </Text>
            <Checkbox
              label="Print after generation"
              checked={printAfter}
              onChange={(event) => setPrintAfter(event.currentTarget.checked)}
            />
            <Group>
              <Button onClick={() => void onGenerate()} disabled={!canAdd || busy} loading={generate.isPending}>
                Generate PAN
              </Button>
            </Group>
          </Stack>
        </DetailSection>
        <DetailSection title="Assign PAN">
          <form onSubmit={(event) => void onAssign(event)} noValidate>
            <Stack gap="sm">
              <TextInput
                ref={entryRef}
                label="PAN"
                description="The last 10 digits or all 19 digits of a printed card"
                inputMode="numeric"
                autoComplete="off"
                maxLength={23}
                value={entry}
                onChange={(event) => setEntry(event.currentTarget.value)}
                error={entryError}
                disabled={!canAdd}
              />
              <Group>
                <Button type="submit" disabled={!canAdd || busy} loading={assign.isPending}>
                  Assign PAN
                </Button>
              </Group>
            </Stack>
          </form>
        </DetailSection>
      </SimpleGrid>
      <DetailSection title="PANs">
        {list.isPending ? (
          <LoadingStatus label="Loading the PANs" />
        ) : (
          <DataTable
            caption="PANs of the recipient"
            columns={columns}
            rows={list.data ?? []}
            rowKey={(p) => String(p.panId)}
            loading={list.isFetching}
            emptyMessage={PAN_MESSAGES.NO_PANS}
          />
        )}
      </DetailSection>
      <StaffCardDevices pans={list.data ?? []} />
    </Page>
  );
}
