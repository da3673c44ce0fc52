import { USERNAME_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { Grid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ContactFields } from '../../../components/ContactFields';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { focusFirstError } from '../../../lib/form-focus';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useUpdateRecipientUser } from '../api';
import {
  RECIPIENT_USER_FIELDS,
  recipientUserBody,
  recipientUserValuesOf,
  validateRecipientUser,
  type RecipientUserValues,
} from '../recipient-user-form';
import type { UserDetail } from '../schemas';

/** The recipient-user form (B§2; userApi.updateRecipientUser): 'User updated.'; disabled once deleted. */
export function RecipientUserForm({ user, readOnly }: { user: UserDetail; readOnly: boolean }) {
  const update = useUpdateRecipientUser(user.userUuid);
  const [updated, setUpdated] = useState<string | null>(null);
  const form = useForm<RecipientUserValues>({
    mode: 'controlled',
    initialValues: recipientUserValuesOf(user),
    validate: validateRecipientUser,
  });
  useEffect(() => {
    const values = recipientUserValuesOf(user);
    form.setInitialValues(values);
    form.setValues(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const handleSubmit = form.onSubmit(async (values) => {
    setUpdated(null);
    try {
      const answer = await update.mutateAsync(recipientUserBody(values));
      setUpdated(answer.message || MESSAGES.USER_UPDATED);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, RECIPIENT_USER_FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Recipient user details">
      <Stack gap="lg">
        <FormOutcome success={updated} error={update.isError ? update.error : null} />
        <PersonNameFields legend="Name" disabled={readOnly} inputProps={(field) => form.getInputProps(field)} />
        <ContactFields
          legend="Contact"
          disabled={readOnly}
          inputProps={(field) => form.getInputProps(field === 'phone' ? 'mobile' : field)}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Username"
              withAsterisk
              description="A letter, then 7 to 19 letters or digits."
              maxLength={USERNAME_MAX}
              autoComplete="off"
              disabled={readOnly}
              {...form.getInputProps('username')}
            />
          </Grid.Col>
        </Grid>
        {!readOnly && (
          <SubmitButton loading={update.isPending} disabled={!form.isDirty()}>
            Update
          </SubmitButton>
        )}
      </Stack>
    </form>
  );
}
