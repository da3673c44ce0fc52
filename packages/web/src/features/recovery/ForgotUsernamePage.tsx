import { FORGOT_USERNAME_EMAIL_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { ForgotUsernameParams } from '@ebt/core/recovery';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { redeemUsernameCode } from './api';
import { RecoveryFrame } from './components/RecoveryFrame';
import { RecoveryWizard } from './components/RecoveryWizard';
import { useI18n } from '../../lib/i18n';

/**
 * `/forgotusername` (A§2, A§4 "Forgot username"): e-mail, security answer, one-time code, then the username, with a
 * sign-in link that fills it in. Locks after more than 3 unknown e-mail addresses or on SEC-001.
 */
export default function ForgotUsernamePage() {
  const { t } = useI18n();
  return (
    <RecoveryFrame title={t('recovery.forgotUsernameTitle')} intro={t('recovery.forgotUsernameIntro')}>
      <RecoveryWizard
        flow="username"
        // A non-breaking hyphen keeps 'E-mail' on one line under its step on a phone.
        stepLabels={['recovery.stepEmail', 'recovery.stepQuestion', 'recovery.stepCode', 'recovery.stepUsername']}
        stepHeadings={[
          'recovery.headingEmail',
          'recovery.headingQuestion',
          'recovery.headingCode',
          'recovery.headingYourUsername',
        ]}
        keyField={{
          label: 'recovery.emailAddress',
          schema: ForgotUsernameParams.shape.email,
          maxLength: FORGOT_USERNAME_EMAIL_MAX,
          type: 'email',
          autoComplete: 'email',
        }}
        notFoundMessage={MESSAGES.EMAIL_NOT_FOUND}
        lockedMessage={MESSAGES.FORGOT_USERNAME_LOCKED}
        redeem={redeemUsernameCode}
        renderDone={({ username }) => (
          <Stack gap="md">
            <Paper withBorder p="md" bg="gray.0">
              <Text fz="sm" c="dimmed">
                {t('recovery.yourUsernameIs')}
              </Text>
              <Text fz="xl" fw={700} data-testid="recovered-username">
                {username}
              </Text>
            </Paper>
            <Button component={Link} to={`/login?username=${encodeURIComponent(username)}`}>
              {t('recovery.signInAs', { username })}
            </Button>
          </Stack>
        )}
      />
    </RecoveryFrame>
  );
}
