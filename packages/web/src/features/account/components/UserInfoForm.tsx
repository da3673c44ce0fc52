import { UpdateCurrentUserBody, type CurrentUserInfo } from '@ebt/core/account';
import { EMAIL_MAX, MIDDLE_INITIAL_MAX, NAME_MAX, PHONE_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { phoneDigits } from '@ebt/core/validation';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { useUpdateCurrentUser } from '../api';

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
  mobile: info.mobile ?? '',
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
  const update = useUpdateCurrentUser();
  const [saved, setSaved] = useState<UserInfoValues>(() => valuesOf(info));
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<UserInfoValues>({
    mode: 'controlled',
    initialValues: saved,
    validate: schemaResolver(UserInfoValues, { sync: true }),
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
        <MessageBanner kind="success" messages={success ?? []} />
        <MessageBanner kind="danger" messages={update.isError ? errorMessagesOf(update.error) : []} />
        <TextInput
          label="Username"
          value={info.username}
          readOnly
          variant="filled"
          description={MESSAGES.USERNAME_READ_ONLY}
          autoComplete="username"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="First name"
            withAsterisk
            maxLength={NAME_MAX}
            autoComplete="given-name"
            {...form.getInputProps('firstname')}
          />
          <TextInput
            label="Middle initial"
            maxLength={MIDDLE_INITIAL_MAX}
            autoComplete="additional-name"
            {...form.getInputProps('middlename')}
          />
          <TextInput
            label="Last name"
            withAsterisk
            maxLength={NAME_MAX}
            autoComplete="family-name"
            {...form.getInputProps('lastname')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="E-mail"
            type="email"
            withAsterisk
            maxLength={EMAIL_MAX}
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Mobile phone"
            type="tel"
            inputMode="tel"
            maxLength={PHONE_MAX}
            autoComplete="tel"
            description="10 digits; spaces, dashes or dots are fine."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('mobile')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed} loading={update.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
