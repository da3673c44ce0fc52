import { MESSAGES } from '@ebt/core/messages';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { focusFirstError } from '../../../lib/form-focus';
import { useRoles } from '../../../lib/lookups';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useSessionUser } from '../../../lib/session-user';
import type { StaffBase } from '../../../lib/staff-base';
import { useAddUser } from '../api';
import { roleOptionsOf } from '../role-options';
import {
  addRoleChoices,
  EMPTY_USER_FORM,
  isRecipientRole,
  USER_FORM_FIELDS,
  userBody,
  validateUserForm,
  type UserFormValues,
} from '../user-form';
import { UserFields } from './UserFields';

/**
 * Add a user (B§5 Add user, B§7 userApi.add): the User form with the roles the caller may create (B§6), and
 * the optional 'Send Activation Email' box. 'User added.' opens the new user's detail; a taken username or e-mail
 * (409) shows at its field.
 */
export function UserAddForm({ base }: { base: StaffBase }) {
  const user = useSessionUser();
  const onAdminScreen = base === 'admin';
  const navigate = useNavigate();
  const add = useAddUser();
  const [added, setAdded] = useState<string | null>(null);
  const roles = useRoles();
  const roleOptions = useMemo(
    () => roleOptionsOf(addRoleChoices(user.privileges), roles.data),
    [user.privileges, roles.data],
  );

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_USER_FORM,
    validate: (values) => validateUserForm(values, onAdminScreen),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setAdded(null);
    try {
      const answer = await add.mutateAsync({
        ...userBody(values, onAdminScreen),
        sendActivation: values.sendActivation,
      });
      const message = answer.message || MESSAGES.USER_ADDED;
      if (answer.userUuid) void navigate(`/${base}/user/${answer.userUuid}`, { state: { added: message } });
      else {
        form.setValues(EMPTY_USER_FORM);
        setAdded(message);
      }
    } catch (error) {
      form.setErrors(serverFieldErrors(error, USER_FORM_FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="New user">
      <Stack gap="lg">
        <FormOutcome success={added} error={add.isError ? add.error : null} />
        <Text fz="sm" c="gray.7">
          Fields marked with an asterisk (*) are required.
        </Text>
        <UserFields form={form} roleOptions={roleOptions} onAdminScreen={onAdminScreen} />
        <Checkbox
          label="Send Activation Email"
          description="E-mail the new user a link to set a password."
          {...form.getInputProps('sendActivation', { type: 'checkbox' })}
        />
        <SubmitButton loading={add.isPending} disabled={isRecipientRole(form.values.roleId)}>
          Add User
        </SubmitButton>
      </Stack>
    </form>
  );
}
