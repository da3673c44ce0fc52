import { MESSAGES } from '@ebt/core/messages';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { focusFirstError } from '../../../lib/form-focus';
import { useRoles } from '../../../lib/lookups';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useSessionUser } from '../../../lib/session-user';
import type { StaffBase } from '../../../lib/staff-base';
import { useUpdateUser } from '../api';
import { roleOptionsOf } from '../role-options';
import type { UserDetail } from '../schemas';
import {
  addRoleChoices,
  isRecipientRole,
  USER_FORM_FIELDS,
  userBody,
  userFormValuesOf,
  validateUserForm,
  type UserFormValues,
} from '../user-form';
import { UserFields } from './UserFields';

/**
 * The staff user's form (B§5 User form; userApi.update): 'User updated.'. Update waits for a change; a
 * deleted user's form is disabled (B§4). The role choices are the caller's creatable roles plus the user's own, so a
 * form never loses the role it shows.
 */
export function UserEditForm({ user, base, readOnly }: { user: UserDetail; base: StaffBase; readOnly: boolean }) {
  const caller = useSessionUser();
  const onAdminScreen = base === 'admin';
  const update = useUpdateUser(user.userUuid);
  const [updated, setUpdated] = useState<string | null>(null);
  const roles = useRoles();
  const roleOptions = useMemo(() => {
    const ids = new Set<number>([...addRoleChoices(caller.privileges), user.roleId]);
    return roleOptionsOf(
      [...ids].sort((a, b) => a - b),
      roles.data,
    );
  }, [caller.privileges, user.roleId, roles.data]);

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: userFormValuesOf(user),
    validate: (values) => validateUserForm(values, onAdminScreen),
  });
  // A saved change (or another user's data) becomes the form's starting point, so Update waits for the next change.
  useEffect(() => {
    const values = userFormValuesOf(user);
    form.setInitialValues(values);
    form.setValues(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const handleSubmit = form.onSubmit(async (values) => {
    setUpdated(null);
    try {
      const answer = await update.mutateAsync(userBody(values, onAdminScreen));
      setUpdated(answer.message || MESSAGES.USER_UPDATED);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, USER_FORM_FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="User details">
      <Stack gap="lg">
        <FormOutcome success={updated} error={update.isError ? update.error : null} />
        <UserFields form={form} roleOptions={roleOptions} onAdminScreen={onAdminScreen} disabled={readOnly} />
        {!readOnly && (
          <SubmitButton loading={update.isPending} disabled={!form.isDirty() || isRecipientRole(form.values.roleId)}>
            Update
          </SubmitButton>
        )}
      </Stack>
    </form>
  );
}
