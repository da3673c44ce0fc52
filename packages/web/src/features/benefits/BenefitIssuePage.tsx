import { BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { Button, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms } from '../../lib/lookups';
import type { BenefitAreaProps } from './BenefitSearchPage';
import { IssueBenefitForm } from './components/IssueBenefitForm';
import { issuablePrograms } from './issue-form';
import { LoadingStatus } from '../../components/LoadingStatus';

/**
 * `{base}/benefit/add`, optionally `?recipientId=` (A§2 Issue Benefit page: the form plus the recipient picker).
 * The form needs the caller's programs and their benefit defaults first; it offers the enabled ones only.
 */
export default function BenefitIssuePage({ area }: BenefitAreaProps) {
  const base = `/${area}`;
  const [params] = useSearchParams();
  const programs = useCallerPrograms();
  const issuable = issuablePrograms(programs.data ?? []);
  const recipientId = params.get('recipientId')?.trim() ?? '';

  return (
    <Page title="Issue Benefit">
      {programs.isPending ? (
        <LoadingStatus label="Loading programs" />
      ) : programs.isError ? (
        <Stack gap="sm" align="flex-start">
          <MessageBanner kind="danger" messages={errorMessagesOf(programs.error)} w="100%" />
          <Button variant="default" onClick={() => void programs.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : issuable.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <MessageBanner
            kind="warning"
            // Programs, but all disabled: say why none is offered.
            messages={programs.data.length === 0 ? MESSAGES.NO_PROGRAMS_FOUND : BENEFIT_MESSAGES.PROGRAM_NOT_ENABLED}
            w="100%"
          />
          <Button component={Link} to={`${base}/benefits`} variant="default">
            Back to benefits
          </Button>
        </Stack>
      ) : (
        <IssueBenefitForm programs={issuable} initialRecipientId={recipientId} base={base} />
      )}
    </Page>
  );
}
