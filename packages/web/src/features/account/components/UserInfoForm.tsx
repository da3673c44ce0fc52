import { UpdateCurrentUserBody, type CurrentUserInfo } from '@ebt/core/account';
import { MESSAGES } from '@ebt/core/messages';
import { phoneDigits } from '@ebt/core/validation';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ContactFields } from '../../../components/ContactFields';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { focusFirstError } from '../../../lib/form-focus';
import { useI18n } from '../../../lib/i18n';
import { displayPhone } from '../../../lib/person';
import { useUpdateCurrentUser } from '../api';
import { formCheck } from '../../../lib/form-check';

/** A§5 "Account forms": the fields a person may change; username and userUuid come from the loaded info. */
const UserInfoValues = UpdateCurrentUserBody.pick({
  firstname: true,
  middlename: true,
  lastname: true,
  email: true,
  mobile: true,
});
type UserInfoValues = { firstname: string; middlename: string; lastname: string; email: string; mobile: string };

const valuesOf = (info: CurrentUserInfo): UserInfoValues => ({
  firstname: info.firstname,
  middlename: info.middlename ?? '',
  lastname: info.lastname,
  email: info.email,
  mobile: displayPhone(info.mobile),
});

/** Compared as they would be saved: surrounding spaces and phone separators are not a change. */
const normalized = (values: UserInfoValues) => ({
  firstname: values.firstname.trim(),
  middlename: values.middlename.trim(),
  lastname: values.lastname.trim(),
  email: values.email.trim(),
  mobile: phoneDigits(values.mobile),
});

function sameValues(a: UserInfoValues, b: UserInfoValues): boolean {
  const x = normalized(a);
  const y = normalized(b);
  return (Object.keys(x) as (keyof typeof x)[]).every((key) => x[key] === y[key]);
}

/**
 * User info (A§2 Account page, A§3 Current user info): username read only; first, middle (one letter), last name,
 * e-mail and mobile phone. Update is enabled only after a change (A§5); the phone is sent as digits.
 */
export function UserInfoForm({ info }: { info: CurrentUserInfo }) {
  const { t, m } = useI18n();
  const update = useUpdateCurrentUser();
  const [saved, setSaved] = useState<UserInfoValues>(() => valuesOf(info));
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<UserInfoValues>({
    mode: 'controlled',
    initialValues: saved,
    validate: formCheck(UserInfoValues, (values: UserInfoValues) => values),
    onValuesChange: () => setSuccess(null),
  });
  const changed = !sameValues(form.values, saved);

  const handleSubmit = form.onSubmit(async (values) => {
    setSuccess(null);
    const clean = normalized(values);
    try {
      const answer = await update.mutateAsync({
        username: info.username,
        userUuid: info.userUuid,
        firstname: clean.firstname,
        middlename: clean.middlename,
        lastname: clean.lastname,
        email: clean.email,
        mobile: clean.mobile,
      });
      const next = valuesOf(answer);
      setSaved(next);
      form.setValues(next);
      form.setInitialValues(next);
      form.resetDirty(next);
      setSuccess(MESSAGES.DATA_UPDATED);
    } catch {
      // The banner below shows the server's reasons (A§8); the values stay for the person to correct.
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormOutcome success={success} error={update.isError ? update.error : null} />
        <TextInput
          label={t('login.username')}
          value={info.username}
          readOnly
          variant="filled"
          description={m(MESSAGES.USERNAME_READ_ONLY)}
          autoComplete="username"
        />
        <PersonNameFields personal inputProps={form.getInputProps} />
        <ContactFields
          personal
          phoneRequired={false}
          inputProps={(name) => form.getInputProps(name === 'phone' ? 'mobile' : name)}
        />
        <SubmitButton disabled={!changed} loading={update.isPending}>
          {t('account.update')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
