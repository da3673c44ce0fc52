import { Card, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { FormOutcome, SubmitButton } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { usePrivileges, useRole, useSaveRole, type PrivilegeRow, type RoleRow } from './api';
import { PrivilegeChecklist } from './components/PrivilegeChecklist';
import { ROLE_DESCR_MAX, roleSaveBody, validateRoleEdit, type RoleEditValues } from './role-form';

function valuesOf(role: RoleRow): RoleEditValues {
  return { descr: role.descr, privilegeIds: role.privileges.map((p) => String(p.privilegeId)) };
}

/**
 * `/admin/roles/{roleId}` (B§2 "Role edit", B§6): the role's description and its privileges as check boxes, saved
 * whole by roleApi.save (roleId, descr, privilegeIds). 'Role saved.'; users of the role hold the new
 * privileges from their next request. A change that would leave nobody with NDGADMIN_ACCESS is refused by the
 * server, whose message is shown.
 */
export default function RoleEditPage() {
  const { roleId = '' } = useParams();
  const location = useLocation();
  const role = useRole(roleId);
  const privileges = usePrivileges();
  const added = (location.state as { added?: unknown } | null)?.added;

  return (
    <Page title="Edit Role" actions={<BackLink to="/admin/roles">Back to Roles</BackLink>}>
      <MessageBanner
        kind="danger"
        messages={[
          ...(role.isError ? errorMessagesOf(role.error) : []),
          ...(privileges.isError ? errorMessagesOf(privileges.error) : []),
        ]}
      />
      {(role.isPending || privileges.isPending) && <LoadingStatus label="Loading the role" />}
      {role.isSuccess && privileges.isSuccess && (
        <Card withBorder padding="lg" maw={960}>
          <RoleEditForm
            // Another role starts the form afresh; a refetch of this one leaves what is being edited alone.
            key={role.data.roleId}
            role={role.data}
            privileges={privileges.data}
            added={typeof added === 'string' ? added : null}
          />
        </Card>
      )}
    </Page>
  );
}

function RoleEditForm({
  role,
  privileges,
  added,
}: {
  role: RoleRow;
  privileges: readonly PrivilegeRow[];
  added: string | null;
}) {
  const save = useSaveRole();
  const [saved, setSaved] = useState<string | null>(added);
  const form = useForm<RoleEditValues>({
    mode: 'controlled',
    initialValues: valuesOf(role),
    validate: validateRoleEdit(role.roleId),
    // A change after a save makes the old outcome stale.
    onValuesChange: () => setSaved(null),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setSaved(null);
    try {
      const message = await save.mutateAsync(roleSaveBody(role.roleId, values));
      form.resetDirty();
      setSaved(message);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, ['descr']));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Role ${role.roleId}`}>
      <Stack gap="lg">
        <FormOutcome success={saved} error={save.isError ? save.error : null} />
        <Text fz="sm" c="gray.7">
          Role Id <strong>{role.roleId}</strong>. Users of this role hold the privileges ticked here from their next
          request.
        </Text>
        <TextInput
          label="Descr"
          description={`2 to ${ROLE_DESCR_MAX} characters.`}
          withAsterisk
          autoComplete="off"
          maxLength={ROLE_DESCR_MAX}
          maw={360}
          key={form.key('descr')}
          {...form.getInputProps('descr')}
        />
        <PrivilegeChecklist
          privileges={privileges}
          value={form.values.privilegeIds}
          onChange={(value) => form.setFieldValue('privilegeIds', value)}
        />
        <SubmitButton loading={save.isPending}>Save Role</SubmitButton>
      </Stack>
    </form>
  );
}
