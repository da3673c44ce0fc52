import { MESSAGES } from '@ebt/core/messages';
import { Button, Center, Loader, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms } from './api';
import type { BenefitAreaProps } from './BenefitSearchPage';
import { IssueBenefitForm } from './components/IssueBenefitForm';
import { programToday } from './dates';

/**
 * `{base}/benefit/add`, optionally `?recipientId=` (A§2 Issue Benefit page: the form plus the recipient picker).
 * The form needs the caller's programs and their benefit defaults first.
 */
export default function BenefitIssuePage({ area }: BenefitAreaProps) {
  const base = `/${area}`;
  const [params] = useSearchParams();
  const programs = useCallerPrograms();
  const recipientId = params.get('recipientId')?.trim() ?? '';

  return (
    <Page title="Issue Benefit">
      {programs.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label="Loading programs" />
        </Center>
      ) : programs.isError ? (
        <Stack gap="sm" align="flex-start">
          <MessageBanner kind="danger" messages={errorMessagesOf(programs.error)} w="100%" />
          <Button variant="default" onClick={() => void programs.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : programs.data.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <MessageBanner kind="warning" messages={MESSAGES.NO_PROGRAMS_FOUND} w="100%" />
          <Button component={Link} to={`${base}/benefits`} variant="default">
            Back to benefits
          </Button>
        </Stack>
      ) : (
        <IssueBenefitForm
          programs={programs.data}
          initialRecipientId={recipientId}
          base={base}
          today={programToday()}
        />
      )}
    </Page>
  );
}
