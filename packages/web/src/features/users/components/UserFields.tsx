import { PHONE_MAX, USERNAME_MAX } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { Grid, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { ContactFields } from '../../../components/ContactFields';
import { MessageBanner } from '../../../components/MessageBanner';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { errorMessagesOf } from '../../../lib/errors';
import { useAgencies, useCallerPrograms } from '../../../lib/lookups';
import { selectProps } from '../../../lib/select-props';
import { FORM_STATUS_OPTIONS } from '../user-actions';
import { isRecipientRole, placeFieldsOf, withRole, type UserFormValues } from '../user-form';

/**
 * The fields of the User form (B§5): names, e-mail, username, mobile and other phone, status and role, then the
 * program and agency the role takes (B§5 Add user: program for role 1, or 1 and 2 on the admin screen; agency for 5
 * and 6; a role that takes neither clears both). Role 3 shows the Recipient Add notice.
 */
export function UserFields({
  form,
  roleOptions,
  onAdminScreen,
  disabled = false,
}: {
  form: UseFormReturnType<UserFormValues>;
  roleOptions: { value: string; label: string }[];
  onAdminScreen: boolean;
  disabled?: boolean;
}) {
  const places = placeFieldsOf(form.values.roleId, onAdminScreen);
  const programs = useCallerPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
    [programs.data],
  );
  const agencies = useAgencies(form.values.programUuid || null, {
    viewable: !onAdminScreen,
    enabled: places.agency && !!form.values.programUuid,
  });
  const agencyOptions = useMemo(
    () => (agencies.data ?? []).map((a) => ({ value: a.agencyUuid, label: a.agencyName })),
    [agencies.data],
  );
  const lookupErrors = [programs, agencies].flatMap((q) => (q.isError ? errorMessagesOf(q.error) : []));

  return (
    <Stack gap="lg">
      <PersonNameFields legend="Name" disabled={disabled} inputProps={(field) => form.getInputProps(field)} />
      <ContactFields
        legend="Contact"
        disabled={disabled}
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
            disabled={disabled}
            {...form.getInputProps('username')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Other phone"
            type="tel"
            maxLength={PHONE_MAX}
            autoComplete="off"
            disabled={disabled}
            {...form.getInputProps('phone')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Status"
            withAsterisk
            data={FORM_STATUS_OPTIONS}
            allowDeselect={false}
            placeholder="Choose a status"
            disabled={disabled}
            {...selectProps(form.getInputProps('userStatusId'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Role"
            withAsterisk
            data={roleOptions}
            allowDeselect={false}
            placeholder="Choose a role"
            disabled={disabled}
            {...selectProps(form.getInputProps('roleId'))}
            onChange={(value) => form.setValues(withRole(form.getValues(), value ?? '', onAdminScreen))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Program"
            withAsterisk={places.program}
            data={programOptions}
            placeholder={places.program ? 'Choose a program' : 'Not used for this role'}
            disabled={disabled || !places.program}
            {...selectProps(form.getInputProps('programUuid'))}
            onChange={(value) => {
              form.setFieldValue('programUuid', value ?? '');
              form.setFieldValue('agencyUuid', '');
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Agency"
            withAsterisk={places.agency}
            data={agencyOptions}
            searchable
            placeholder={
              !places.agency
                ? 'Not used for this role'
                : form.values.programUuid
                  ? 'Choose an agency'
                  : 'Choose a program first'
            }
            disabled={disabled || !places.agency || !form.values.programUuid}
            {...selectProps(form.getInputProps('agencyUuid'))}
            onChange={(value) => form.setFieldValue('agencyUuid', value ?? '')}
          />
        </Grid.Col>
      </Grid>
      {isRecipientRole(form.values.roleId) && (
        <MessageBanner kind="danger" title="Recipient" messages={MESSAGES.RECIPIENT_USER_NOTICE} />
      )}
      <MessageBanner kind="danger" messages={lookupErrors} />
    </Stack>
  );
}
