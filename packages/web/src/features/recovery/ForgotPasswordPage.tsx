import { FORGOT_PASSWORD_USERNAME_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { ForgotPasswordParams } from '@ebt/core/recovery';
import { MessageBanner } from '../../components/MessageBanner';
import { redeemPasswordCode } from './api';
import { RecoveryFrame } from './components/RecoveryFrame';
import { RecoveryWizard } from './components/RecoveryWizard';
import { useI18n } from '../../lib/i18n';

/**
 * `/forgotpass` (A§2, A§4 "Forgot password"): username, security answer, one-time code, then a reset e-mail is
 * sent. Locks after more than 3 unknown usernames or on SEC-001.
 */
export default function ForgotPasswordPage() {
  const { t } = useI18n();
  return (
    <RecoveryFrame title={t('recovery.forgotPasswordTitle')} intro={t('recovery.forgotPasswordIntro')}>
      <RecoveryWizard
        flow="password"
        stepLabels={['recovery.stepUsername', 'recovery.stepQuestion', 'recovery.stepCode', 'recovery.stepDone']}
        stepHeadings={[
          'recovery.headingUsername',
          'recovery.headingQuestion',
          'recovery.headingCode',
          'recovery.headingCheckEmail',
        ]}
        keyField={{
          label: 'login.username',
          schema: ForgotPasswordParams.shape.username,
          maxLength: FORGOT_PASSWORD_USERNAME_MAX,
          type: 'text',
          autoComplete: 'username',
        }}
        notFoundMessage={MESSAGES.USERNAME_NOT_FOUND}
        lockedMessage={MESSAGES.FORGOT_PASSWORD_LOCKED}
        redeem={redeemPasswordCode}
        renderDone={() => <MessageBanner kind="success" messages={MESSAGES.RESET_EMAIL_SENT} />}
      />
    </RecoveryFrame>
  );
}
