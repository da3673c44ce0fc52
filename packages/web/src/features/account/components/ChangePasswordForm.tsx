import { ChangePasswordBody } from '@ebt/core/account';
import { CURRENT_PASSWORD_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { focusFirstError } from '../../../lib/form-focus';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { NewPasswordFields } from '../../../lib/password-checklist';
import { useChangePassword } from '../api';
import { formCheck } from '../../../lib/form-check';

type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (A§5): the current password (up to 40 characters), a new one with the live checklist, and a
 * confirmation that must match. The other sessions of the user end on the server; this one stays.
 */
export function ChangePasswordForm() {
  const { t } = useI18n();
  const change = useChangePassword();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: formCheck(ChangePasswordBody, (values: ChangePasswordValues) => values),
    onValuesChange: () => setSuccess(null),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setSuccess(null);
    try {
      await change.mutateAsync(values);
      form.reset();
      setSuccess(MESSAGES.PASSWORD_UPDATED);
    } catch {
      // Shown by the banner (a wrong current password, too many attempts).
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormOutcome success={success} error={change.isError ? change.error : null} />
        <PasswordInput
          label={t('account.currentPassword')}
          withAsterisk
          maxLength={CURRENT_PASSWORD_MAX}
          autoComplete="current-password"
          {...localizedInputProps(form.getInputProps)('currentPassword')}
        />
        <NewPasswordFields
          password={form.values.newPassword}
          passwordProps={form.getInputProps('newPassword')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        <SubmitButton loading={change.isPending}>{t('account.changePassword')}</SubmitButton>
      </Stack>
    </form>
  );
}
