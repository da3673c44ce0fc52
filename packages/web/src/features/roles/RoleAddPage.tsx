import { MESSAGES } from '@ebt/core/messages';
import { Card, Grid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { FormOutcome, SubmitButton } from '../../components/FormOutcome';
import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useAddRole } from './api';
import {
  EMPTY_ROLE,
  ROLE_DESCR_MAX,
  ROLE_ID_MAX,
  roleAddBody,
  validateRoleAdd,
  type RoleFormValues,
} from './role-form';

/**
 * `/admin/role/add` (B§2 "Add Role", B§5 Role): role id and description, roleApi.add. 'Role added.' opens
 * the new role's edit screen with the message, where its privileges are ticked; a taken id (409) reads
 * 'Role Id already exists.' at the Role Id field.
 */
export default function RoleAddPage() {
  const navigate = useNavigate();
  const add = useAddRole();
  const form = useForm<RoleFormValues>({ mode: 'controlled', initialValues: EMPTY_ROLE, validate: validateRoleAdd });

  const handleSubmit = form.onSubmit(async (values) => {
    const body = roleAddBody(values);
    try {
      const message = await add.mutateAsync(body);
      void navigate(`/admin/roles/${body.roleId}`, { state: { added: message } });
    } catch (error) {
      // B§8: a taken id is named at its field, whatever field the server's answer gives.
      if (isApiError(error, 409)) form.setFieldError('roleId', MESSAGES.ROLE_ID_EXISTS);
      else form.setErrors(serverFieldErrors(error, ['roleId', 'descr']));
    }
  }, focusFirstError(form.getInputNode));

  // The 409 is shown at the field; other refusals above the form.
  const refusal = add.isError && !isApiError(add.error, 409) ? add.error : null;

  return (
    <Page title="Add Role" actions={<BackLink to="/admin/roles">Back to Roles</BackLink>}>
      <Card withBorder padding="lg" maw={720}>
        <form onSubmit={handleSubmit} noValidate aria-label="Add role">
          <Stack gap="lg">
            <FormOutcome success={null} error={refusal} />
            <Text fz="sm" c="gray.7">
              Fields marked with an asterisk (*) are required.
            </Text>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Role Id"
                  description={`Digits, at most ${ROLE_ID_MAX}.`}
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={ROLE_ID_MAX}
                  key={form.key('roleId')}
                  {...form.getInputProps('roleId')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label="Descr"
                  description={`2 to ${ROLE_DESCR_MAX} characters.`}
                  withAsterisk
                  autoComplete="off"
                  maxLength={ROLE_DESCR_MAX}
                  key={form.key('descr')}
                  {...form.getInputProps('descr')}
                />
              </Grid.Col>
            </Grid>
            <SubmitButton loading={add.isPending}>Add Role</SubmitButton>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
