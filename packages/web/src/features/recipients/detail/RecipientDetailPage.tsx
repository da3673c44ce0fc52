import { ACCOUNT_STATUS_LABEL, ACCOUNT_TYPE_LABEL, type AccountStatus, type AccountType } from '@ebt/core/enums';
import { RECIPIENT_MESSAGES, type RecipientAccount } from '@ebt/core/recipients';
import { Box, Button, Group } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { DateText } from '../../../components/DateText';
import { MessageBanner } from '../../../components/MessageBanner';
import { DetailSection } from '../../../components/DetailSection';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api-client';
import { errorMessagesOf } from '../../../lib/errors';
import type { StaffBase } from '../../../lib/staff-base';
import { useRecipient } from '../api';
import { displayPhone, personName } from '../../../lib/person';
import { ChangeAgency } from './ChangeAgency';
import type { Outcome } from './outcome';
import { RecipientEditForm } from './RecipientEditForm';
import { RecipientLinks } from './RecipientLinks';
import { StatusAction } from './StatusAction';
import { LoadingStatus } from '../../../components/LoadingStatus';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function StatusText({ statusId }: { statusId: number }) {
  const label = ACCOUNT_STATUS_LABEL[statusId as AccountStatus] ?? String(statusId);
  // The dot only repeats the word in colour; the text itself stays in the body colour for contrast.
  const color = statusId === 0 ? 'green.8' : statusId === 1 ? 'orange.7' : 'gray.6';
  return (
    <Group component="span" gap={8} wrap="nowrap" style={{ display: 'inline-flex' }}>
      <Box component="span" w={10} h={10} bg={color} style={{ borderRadius: '50%' }} aria-hidden />
      {label}
    </Group>
  );
}

/**
 * `{base}/recipient/{accountUuid}/{programId}` (A§2 "Recipient detail"): the account's facts, Activate or Inactivate,
 * Change Agency, Issue Benefit, the cross-links and the edit form. A missing account, or one outside the caller's
 * scope, reads 'The recipient was not found.'.
 */
export default function RecipientDetailPage({ base }: { base: StaffBase }) {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const recipient = useRecipient(valid ? id : '00000000-0000-0000-0000-000000000000');

  if (!valid || isApiError(recipient.error, 404) || isApiError(recipient.error, 400)) {
    return (
      <Page
        title="Recipient not found"
        actions={
          <BackLink to={`/${base}/recipients`} resultsLabel="Back to results">
            Recipient search
          </BackLink>
        }
      >
        <MessageBanner kind="warning" messages={RECIPIENT_MESSAGES.RECIPIENT_NOT_FOUND} />
      </Page>
    );
  }
  if (recipient.isError) {
    return (
      <Page
        title="Recipient"
        actions={
          <BackLink to={`/${base}/recipients`} resultsLabel="Back to results">
            Recipient search
          </BackLink>
        }
      >
        <MessageBanner kind="danger" messages={errorMessagesOf(recipient.error)} />
        <Group>
          <Button variant="default" onClick={() => void recipient.refetch()}>
            Try again
          </Button>
        </Group>
      </Page>
    );
  }
  if (recipient.isPending) {
    return (
      <Page
        title="Recipient"
        actions={
          <BackLink to={`/${base}/recipients`} resultsLabel="Back to results">
            Recipient search
          </BackLink>
        }
      >
        <LoadingStatus label="Loading the recipient" />
      </Page>
    );
  }
  return <RecipientDetail account={recipient.data} base={base} />;
}

function RecipientDetail({ account, base }: { account: RecipientAccount; base: StaffBase }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  return (
    <Page
      title={`Recipient ${personName(account)}`}
      actions={
        <BackLink to={`/${base}/recipients`} resultsLabel="Back to results">
          Recipient search
        </BackLink>
      }
    >
      {outcome && (
        <MessageBanner ref={outcomeRef} kind={outcome.kind} messages={outcome.lines} onClose={() => setOutcome(null)} />
      )}

      <DetailSection title="Account">
        <FieldList cols={{ base: 2, md: 4 }}>
          <ReadOnlyField label="Account ID" value={account.recipientIdentifier} />
          <ReadOnlyField label="Status" value={<StatusText statusId={account.accountStatusId} />} />
          <ReadOnlyField label="Program" value={account.programName} />
          <ReadOnlyField label="Agency" value={account.agencyName} />
          <ReadOnlyField
            label="Account type"
            value={ACCOUNT_TYPE_LABEL[account.accountTypeId as AccountType] ?? String(account.accountTypeId)}
          />
          <ReadOnlyField label="Portal username" value={account.username} />
          <ReadOnlyField label="Mobile phone" value={displayPhone(account.mobilePhone)} />
          <ReadOnlyField label="Created through" value={account.creationChannel} />
          <ReadOnlyField label="Created" value={<DateText value={account.createdDate} format="datetime" />} />
          <ReadOnlyField label="Last changed" value={<DateText value={account.updatedDate} format="datetime" />} />
        </FieldList>
        <Group gap="sm" align="flex-start">
          <StatusAction account={account} base={base} onDone={setOutcome} />
          <ChangeAgency account={account} onDone={setOutcome} />
          <Button
            component={Link}
            to={`/${base}/benefit/add?recipientId=${encodeURIComponent(account.recipientIdentifier)}`}
            variant="default"
            leftSection={<IconCash aria-hidden size={18} />}
          >
            Issue Benefit
          </Button>
        </Group>
        <RecipientLinks account={account} base={base} />
      </DetailSection>

      <DetailSection title="Recipient details">
        <RecipientEditForm account={account} />
      </DetailSection>
    </Page>
  );
}
