import { AGENCY_MESSAGES, type AgencyDetail } from '@ebt/core/agencies';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { FormOutcome } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useSessionUser } from '../../lib/session-user';
import {
  agencyFormOf,
  agencyUpdateBody,
  EMPTY_AGENCY_FORM,
  sameAgencyForm,
  validateAgencyUpdate,
  type AgencyFormValues,
} from './agency-form';
import { useAgency, useUpdateAgency } from './api';
import type { StaffBase } from '../../lib/staff-base';
import { AgencyFields } from './components/AgencyFields';
import { AgencyUsersPanel } from './components/AgencyUsersPanel';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = Object.keys(EMPTY_AGENCY_FORM);

/**
 * `{base}/agency/{agencyUuid}` (B§2 "Update Agency"): the agency's fields with the program read-only, Update and
 * Cancel, the funding against issued benefits, and the agency's admins and users. Name and code are editable with
 * AGENCY_UPDATE, the funding fields with AGENCY_FUNDING_UPDATE (program admins and platform admins, B§6); others see
 * them read-only. A missing agency, or one outside the caller's scope, reads 'The agency was not found.'.
 */
export default function AgencyDetailPage({ base }: { base: StaffBase }) {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const agency = useAgency(valid ? id : '00000000-0000-0000-0000-000000000000');
  // The outcome outlives the form: a save reloads the agency, and the form starts again from the saved values. The
  // form is keyed on its own saves, not on the agency's data: a reload for another reason (a refetch on focus, a
  // change of the agency's users) keeps what was typed. Another action on the screen (the users panel) clears the
  // saved outcome, so an old 'Agency updated.' does not stand beside (or take focus from) the new outcome.
  const location = useLocation();
  const [saved, setSaved] = useState<string | null>((location.state as { saved?: string } | null)?.saved ?? null);
  const [saves, setSaves] = useState(0);
  const onSaved = (message: string | null) => {
    setSaved(message);
    if (message !== null) setSaves((n) => n + 1);
  };

  if (!valid || isApiError(agency.error, 404) || isApiError(agency.error, 400)) {
    return (
      <Page title="Agency not found" actions={<BackLink to={`/${base}/agencies`}>Agencies</BackLink>}>
        <MessageBanner kind="warning" messages={AGENCY_MESSAGES.AGENCY_NOT_FOUND} />
      </Page>
    );
  }
  if (agency.isError)
    return (
      <Page title="Update Agency" actions={<BackLink to={`/${base}/agencies`}>Agencies</BackLink>}>
        <MessageBanner kind="danger" messages={errorMessagesOf(agency.error)} />
      </Page>
    );
  if (!agency.data)
    return (
      <Page title="Update Agency" actions={<BackLink to={`/${base}/agencies`}>Agencies</BackLink>}>
        <LoadingStatus label="Loading the agency" />
      </Page>
    );
  return (
    <Page title="Update Agency" actions={<BackLink to={`/${base}/agencies`}>Agencies</BackLink>}>
      {/* A new form per save: the fields start from what the server holds once saved. */}
      <AgencyUpdate key={saves} base={base} agency={agency.data} saved={saved} onSaved={onSaved} />
      <AgencyUsersPanel agency={agency.data} onAction={() => setSaved(null)} />
    </Page>
  );
}

function AgencyUpdate({
  base,
  agency,
  saved,
  onSaved,
}: {
  base: StaffBase;
  agency: AgencyDetail;
  saved: string | null;
  onSaved: (message: string | null) => void;
}) {
  const { privileges } = useSessionUser();
  const namesEditable = hasAnyPrivilege(privileges, PRIVILEGE.AGENCY_UPDATE);
  const fundingEditable = hasAnyPrivilege(privileges, PRIVILEGE.AGENCY_FUNDING_UPDATE);
  const update = useUpdateAgency(agency.agencyUuid);
  const initial = agencyFormOf(agency);
  const form = useForm<AgencyFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: validateAgencyUpdate(fundingEditable),
  });
  const canSave = namesEditable || fundingEditable;

  const handleSubmit = form.onSubmit(async (values) => {
    onSaved(null);
    try {
      const answer = await update.mutateAsync(agencyUpdateBody(values, fundingEditable));
      onSaved(answer.message || AGENCY_MESSAGES.AGENCY_UPDATED);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <Stack gap="lg">
      <form onSubmit={handleSubmit} noValidate aria-label={`Agency ${agency.agencyName}`}>
        <Stack gap="lg">
          <FormOutcome success={saved} error={update.isError ? update.error : null} />
          {canSave && (
            <Text fz="sm" c="gray.7">
              Fields marked with an asterisk (*) are required.
            </Text>
          )}
          <AgencyFields
            form={form}
            program={{ name: agency.programName }}
            namesEditable={namesEditable}
            fundingEditable={fundingEditable}
          />
          {canSave && (
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={`/${base}/agencies`}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} disabled={sameAgencyForm(form.values, initial)}>
                Update
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <DetailSection title="Funding">
        <FieldList>
          <ReadOnlyField
            label="Funding Amount"
            value={agency.fundingAmount === null ? 'Not set' : <Money value={agency.fundingAmount} />}
          />
          <ReadOnlyField label="Issued" value={<Money value={agency.issuedAmount} />} />
          <ReadOnlyField
            label="Remaining"
            value={
              agency.fundingAmount === null ? (
                '—'
              ) : (
                <Money value={Math.round((agency.fundingAmount - agency.issuedAmount) * 100) / 100} />
              )
            }
          />
        </FieldList>
      </DetailSection>
    </Stack>
  );
}
