import { FORGOT_PASSWORD_USERNAME_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { ForgotPasswordParams } from '@ebt/core/recovery';
import { MessageBanner } from '../../components/MessageBanner';
import { redeemPasswordCode } from './api';
import { RecoveryFrame } from './components/RecoveryFrame';
import { RecoveryWizard } from './components/RecoveryWizard';

/**
 * `/forgotpass` (A§2, A§4 "Forgot password"): username, security answer, one-time code, then a reset e-mail is
 * sent. Locks after more than 3 unknown usernames or on SEC-001.
 */
export default function ForgotPasswordPage() {
  return (
    <RecoveryFrame
      title="Forgot password"
      intro="Answer your security question and enter the code we send you; we then e-mail you a link to choose a new password."
    >
      <RecoveryWizard
        flow="password"
        stepLabels={['Username', 'Question', 'Code', 'Done']}
        stepHeadings={[
          'Enter your username',
          'Answer your security question',
          'Enter the verification code',
          'Check your e-mail',
        ]}
        keyField={{
          label: 'Username',
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
