import { Button, Stack } from '@mantine/core';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useCurrentUserInfo, useMySecurityQuestions, useSecurityQuestions } from './api';
import { AccountSection } from './components/AccountSection';
import { ChangePasswordForm } from './components/ChangePasswordForm';
import { SecurityQuestionForm } from './components/SecurityQuestionForm';
import { UserInfoForm } from './components/UserInfoForm';
import { LoadingStatus } from '../../components/LoadingStatus';

/** A section's content while its data loads, or why it could not load, with a way to try again. */
function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Stack gap="sm" align="flex-start">
      <MessageBanner kind="danger" messages={errorMessagesOf(error)} w="100%" />
      <Button variant="default" onClick={retry}>
        Try again
      </Button>
    </Stack>
  );
}

function UserInfoSection() {
  const info = useCurrentUserInfo();
  return (
    <AccountSection title="User info">
      {info.isPending ? (
        <LoadingStatus py="md" label="Loading user info" />
      ) : info.isError ? (
        <LoadFailed error={info.error} retry={() => void info.refetch()} />
      ) : (
        <UserInfoForm info={info.data} />
      )}
    </AccountSection>
  );
}

function SecurityQuestionSection() {
  const questions = useSecurityQuestions();
  const mine = useMySecurityQuestions();
  const error = questions.error ?? mine.error;
  return (
    <AccountSection
      title="Security question"
      description="Used to confirm it is you when you forget your username or password."
    >
      {error ? (
        <LoadFailed
          error={error}
          retry={() => {
            void questions.refetch();
            void mine.refetch();
          }}
        />
      ) : questions.data && mine.data ? (
        <SecurityQuestionForm questions={questions.data} currentQuestionId={mine.data[0]?.questionId} />
      ) : (
        <LoadingStatus py="md" label="Loading security questions" />
      )}
    </AccountSection>
  );
}

/**
 * `/recipient/account`, `/program/account`, `/admin/account` (A§2 "Account page, shared by all areas"): user info,
 * change password and security question, each its own form with its own outcome message.
 */
export default function AccountPage() {
  return (
    <Page title="Account">
      <Stack gap="lg" maw={760}>
        <UserInfoSection />
        <AccountSection title="Change password">
          <ChangePasswordForm />
        </AccountSection>
        <SecurityQuestionSection />
      </Stack>
    </Page>
  );
}
