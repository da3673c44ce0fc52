import { MESSAGES } from '@ebt/core/messages';
import { ResetPasswordBody } from '@ebt/core/recovery';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MessageBanner } from '../../components/MessageBanner';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { NewPasswordFields } from '../../lib/password-checklist';
import { useResetLink, useResetPassword } from './api';
import { RecoveryFrame } from './components/RecoveryFrame';
import { useI18n } from '../../lib/i18n';
import { formCheck } from '../../lib/form-check';

type ResetValues = { newPassword: string; confirmPassword: string };

function ResetForm({ hash, username }: { hash: string; username: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const reset = useResetPassword(hash);
  const form = useForm<ResetValues>({
    mode: 'controlled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: formCheck(ResetPasswordBody, (values: ResetValues) => values),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
    } catch {
      return; // Shown by the banner.
    }
    // A§4/A§7: after a reset the user goes to /logout, which ends any session of this tab and offers to sign in.
    notifications.show({ id: 'password-reset', color: 'green', message: MESSAGES.PASSWORD_UPDATED });
    await navigate('/logout', { replace: true });
  }, focusFirstError(form.getInputNode));

  const failure = reset.isError
    ? errorMessagesOf(reset.error, MESSAGES.GENERIC_ERROR, { 404: MESSAGES.RESET_LINK_EXPIRED })
    : [];

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('password.chooseNew')}</Text>
        <MessageBanner kind="danger" messages={failure} />
        <TextInput label={t('login.username')} value={username} readOnly variant="filled" autoComplete="username" />
        <NewPasswordFields
          password={form.values.newPassword}
          passwordProps={form.getInputProps('newPassword')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={reset.isPending}>
            {t('password.reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/resetpass?hash=` (A§2, A§4): the link is checked on load ('The reset link is no longer valid.'), then a new password. */
export default function ResetPasswordPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash')?.trim() ?? '';
  const link = useResetLink(hash);

  let content;
  if (hash === '') {
    content = <MessageBanner kind="danger" messages={MESSAGES.RESET_LINK_EXPIRED} />;
  } else if (link.isPending) {
    content = <FullPageLoader label={t('password.checkingLink')} />;
  } else if (link.isError) {
    content = (
      <MessageBanner
        kind="danger"
        messages={
          isApiError(link.error, 400) || isApiError(link.error, 404)
            ? [MESSAGES.RESET_LINK_EXPIRED]
            : errorMessagesOf(link.error)
        }
      />
    );
  } else {
    content = <ResetForm hash={hash} username={link.data.username} />;
  }

  return <RecoveryFrame title={t('password.reset')}>{content}</RecoveryFrame>;
}
