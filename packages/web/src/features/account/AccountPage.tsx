import { Button, Stack } from '@mantine/core';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useI18n } from '../../lib/i18n';
import { useCurrentUserInfo, useMySecurityQuestions, useSecurityQuestions } from './api';
import { AccountSection } from './components/AccountSection';
import { ChangePasswordForm } from './components/ChangePasswordForm';
import { SecurityQuestionForm } from './components/SecurityQuestionForm';
import { UserInfoForm } from './components/UserInfoForm';
import { LoadingStatus } from '../../components/LoadingStatus';

/** A section's content while its data loads, or why it could not load, with a way to try again. */
function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useI18n();
  return (
    <Stack gap="sm" align="flex-start">
      <MessageBanner kind="danger" messages={errorMessagesOf(error)} w="100%" />
      <Button variant="default" onClick={retry}>
        {t('common.tryAgain')}
      </Button>
    </Stack>
  );
}

function UserInfoSection() {
  const { t } = useI18n();
  const info = useCurrentUserInfo();
  return (
    <AccountSection title={t('account.userInfo')}>
      {info.isPending ? (
        <LoadingStatus py="md" label={t('account.loadingUserInfo')} />
      ) : info.isError ? (
        <LoadFailed error={info.error} retry={() => void info.refetch()} />
      ) : (
        <UserInfoForm info={info.data} />
      )}
    </AccountSection>
  );
}

function SecurityQuestionSection() {
  const { t } = useI18n();
  const questions = useSecurityQuestions();
  const mine = useMySecurityQuestions();
  const error = questions.error ?? mine.error;
  return (
    <AccountSection title={t('account.securityQuestion')} description={t('account.securityQuestionHint')}>
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
        <LoadingStatus py="md" label={t('account.loadingQuestions')} />
      )}
    </AccountSection>
  );
}

/**
 * `/recipient/account`, `/program/account`, `/admin/account` (A§2 "Account page, shared by all areas"): user info,
 * change password and security question, each its own form with its own outcome message. In the page's language: a
 * recipient's in Spanish when chosen, staff pages in English (decision 0060).
 */
export default function AccountPage() {
  const { t } = useI18n();
  return (
    <Page title={t('account.title')}>
      <Stack gap="lg" maw={760}>
        <UserInfoSection />
        <AccountSection title={t('account.changePassword')}>
          <ChangePasswordForm />
        </AccountSection>
        <SecurityQuestionSection />
      </Stack>
    </Page>
  );
}
