import { AGENCY_MESSAGES } from '@ebt/core/agencies';
import { MESSAGES } from '@ebt/core/messages';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormOutcome } from '../../components/FormOutcome';
import { MessageBanner } from '../../components/MessageBanner';
import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { useCallerPrograms } from '../../lib/lookups';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useSessionUser } from '../../lib/session-user';
import { agencyAddBody, EMPTY_AGENCY_FORM, validateAgencyAdd, type AgencyFormValues } from './agency-form';
import { useAddAgency } from './api';
import type { StaffBase } from '../../lib/staff-base';
import { AgencyFields } from './components/AgencyFields';

const FIELDS = Object.keys(EMPTY_AGENCY_FORM);

/**
 * `{base}/agency/add` (B§2 "Add Agency", B§5, B§7): Name, Code, Program, Funding Amount, Funding Date; Add and Cancel
 * and a link back to the list. agencyApi.add; 'Agency added.' opens the new agency (where its users are
 * added); a code taken in the program shows 'Agency Code must be unique within a program.' at the code.
 */
export default function AgencyAddPage({ base }: { base: StaffBase }) {
  const navigate = useNavigate();
  // B§6: funding fields need the funding right (program admins, platform admins); without it they stay empty.
  const { privileges } = useSessionUser();
  const canAdd = hasAnyPrivilege(privileges, PRIVILEGE.AGENCY_ADD);
  const canFund = hasAnyPrivilege(privileges, PRIVILEGE.AGENCY_FUNDING_UPDATE);
  const add = useAddAgency();
  const form = useForm<AgencyFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_AGENCY_FORM,
    validate: validateAgencyAdd,
  });
  const programs = useCallerPrograms();
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
    [programs.data],
  );
  // Resolution 25: the only program is chosen as soon as the choices load.
  useEffect(() => {
    if (!form.values.programUuid && programOptions.length === 1)
      form.setFieldValue('programUuid', programOptions[0]!.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the choices arrive
  }, [programOptions]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const added = await add.mutateAsync(agencyAddBody(values));
      void navigate(`/${base}/agency/${added.agencyUuid}`, {
        state: { saved: added.message || AGENCY_MESSAGES.AGENCY_ADDED },
      });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  // The server refuses the add without AGENCY_ADD (403); the screen says so instead of offering a form that fails.
  if (!canAdd)
    return (
      <Page title="Add Agency" actions={<BackLink to={`/${base}/agencies`}>Agencies</BackLink>}>
        <MessageBanner kind="warning" messages={MESSAGES.PRIVILEGE_ERROR} />
      </Page>
    );
  return (
    <Page title="Add Agency" actions={<BackLink to={`/${base}/agencies`}>Agencies</BackLink>}>
      <form onSubmit={handleSubmit} noValidate aria-label="New agency">
        <Stack gap="lg">
          <FormOutcome success={null} error={add.isError ? add.error : null} />
          <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />
          {programs.isSuccess && programOptions.length === 0 && (
            <MessageBanner kind="warning" messages={MESSAGES.NO_PROGRAMS_FOUND} />
          )}
          <Text fz="sm" c="gray.7">
            Fields marked with an asterisk (*) are required.
          </Text>
          <AgencyFields
            form={form}
            program={{
              options: programOptions,
              placeholder: programs.isPending ? 'Loading programs…' : 'Choose a program',
            }}
            namesEditable
            fundingEditable={canFund}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={`/${base}/agencies`}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
