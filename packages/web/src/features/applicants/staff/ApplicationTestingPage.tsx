import { applicantApi } from '@ebt/core/applicants';
import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { MessageBanner } from '../../../components/MessageBanner';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api-client';
import { callEndpoint, endpointUrl } from '../../../lib/endpoint-client';
import { errorMessagesOf } from '../../../lib/errors';
import { useOutcomeFocus } from '../../../lib/outcome-focus';

/** A§7, B§2: the test screen asks about application 1 and program 1. */
const TEST_PARAMS = { applicationId: 1, programId: 1 };
/** The call as the screen names it: the method and path of applicantApi.check for those ids. */
const TEST_CALL = `${applicantApi.check.method} ${endpointUrl(applicantApi.check, { params: TEST_PARAMS })}`;

/**
 * `/admin/testing` (A§7 "Online application: the test screen", B§2 "Admin area routes: testing"): posts an empty body
 * to applicantApi.check (application 1, program 1) and shows the answer, whether the public application would take
 * an applicant for that program now, or the server's refusal (404 when there is no such application). The call
 * changes nothing.
 */
export default function ApplicationTestingPage() {
  const resultHeadingId = useId();
  const check = useMutation({
    mutationFn: () => callEndpoint(applicantApi.check, { params: TEST_PARAMS }),
  });
  const answered = check.isSuccess || check.isError;
  const outcomeRef = useOutcomeFocus(answered ? (check.data ?? check.error) : null);

  return (
    <Page title="Application Testing">
      <Stack gap="lg">
        <Text>
          Posts an empty request to <Code>{TEST_CALL}</Code> and shows what the server answers: whether the online
          application would take an applicant for the program now. Nothing is changed.
        </Text>
        <Group>
          <Button onClick={() => check.mutate()} loading={check.isPending}>
            Run Test
          </Button>
        </Group>
        {answered && (
          <Stack gap="sm" component="section" aria-labelledby={resultHeadingId}>
            <Title order={2} fz="h3" id={resultHeadingId}>
              Answer
            </Title>
            {check.isSuccess && (
              <MessageBanner
                ref={outcomeRef}
                kind={check.data.accepting ? 'success' : 'warning'}
                messages={
                  check.data.accepting
                    ? `Application ${check.data.applicationId} accepts applicants for program ${check.data.programId}.`
                    : (check.data.message ?? 'The application does not accept applicants for this program.')
                }
              />
            )}
            {check.isError && (
              <MessageBanner
                ref={outcomeRef}
                kind="danger"
                title={isApiError(check.error) ? `Status ${check.error.status}` : undefined}
                messages={errorMessagesOf(check.error)}
              />
            )}
            <Code block aria-label="Answer of the server">
              {JSON.stringify(
                check.isSuccess ? check.data : isApiError(check.error) ? check.error.body : null,
                null,
                2,
              )}
            </Code>
          </Stack>
        )}
      </Stack>
    </Page>
  );
}
