import { type Incentive, INCENTIVE_MESSAGES, incentiveDateMins } from '@ebt/core/incentives';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { FormOutcome } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useIncentive, useIncentiveFunding, useIncentivePrograms, useUpdateIncentive } from './api';
import { IncentiveFields } from './components/IncentiveFields';
import {
  EMPTY_INCENTIVE_FORM,
  incentiveFormOf,
  type IncentiveFormValues,
  incentiveUpdateBody,
  programToday,
  sameIncentiveForm,
  validateIncentive,
} from './incentive-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = Object.keys(EMPTY_INCENTIVE_FORM);
const BACK = <BackLink to="/admin/incentives">Back to Incentives</BackLink>;

/**
 * `/admin/incentive/{incentiveUuid}` (B§2 "Edit incentive", B§5, B§7): the incentive's fields with the program
 * read-only (decision 0040); the start from 2023-02-01, the end from today, each only when changed; Update waits for a
 * change. incentiveApi.update: 'Incentive updated.'.
 */
export default function IncentiveEditPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const incentive = useIncentive(valid ? id : '00000000-0000-0000-0000-000000000000');
  const location = useLocation();
  const [saved, setSaved] = useState<string | null>((location.state as { saved?: string } | null)?.saved ?? null);
  const [saves, setSaves] = useState(0);

  if (!valid || isApiError(incentive.error, 404) || isApiError(incentive.error, 400))
    return (
      <Page title="Incentive not found" actions={BACK}>
        <MessageBanner kind="warning" messages={INCENTIVE_MESSAGES.INCENTIVE_NOT_FOUND} />
      </Page>
    );
  if (incentive.isError)
    return (
      <Page title="Edit Incentive" actions={BACK}>
        <MessageBanner kind="danger" messages={errorMessagesOf(incentive.error)} />
      </Page>
    );
  if (!incentive.data)
    return (
      <Page title="Edit Incentive" actions={BACK}>
        <LoadingStatus label="Loading the incentive" />
      </Page>
    );
  return (
    <Page title="Edit Incentive" actions={BACK}>
      {/* A new form per save: the fields start from what the server holds once saved. */}
      <IncentiveEdit
        key={saves}
        incentive={incentive.data}
        saved={saved}
        onSaved={(message) => {
          setSaved(message);
          if (message !== null) setSaves((n) => n + 1);
        }}
      />
    </Page>
  );
}

function IncentiveEdit({
  incentive,
  saved,
  onSaved,
}: {
  incentive: Incentive;
  saved: string | null;
  onSaved: (message: string | null) => void;
}) {
  const update = useUpdateIncentive(incentive.incentiveUuid);
  const programs = useIncentivePrograms();
  const funding = useIncentiveFunding(incentive.program.programId);
  const timeZone = programs.data?.find((p) => p.programId === incentive.program.programId)?.timeZone;
  const today = programToday(timeZone);
  const initial = incentiveFormOf(incentive);
  const savedDates = { startDate: incentive.startDate, endDate: incentive.endDate };
  const form = useForm<IncentiveFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => validateIncentive(values, today, savedDates),
  });
  // The saved funding source is a choice even before the list arrives.
  const fundingOptions = (funding.data ?? [incentive.funding]).map((f) => ({
    value: String(f.fundingId),
    label: f.name,
  }));

  const handleSubmit = form.onSubmit(async (values) => {
    onSaved(null);
    try {
      const answer = await update.mutateAsync(incentiveUpdateBody(values));
      onSaved(answer.message || INCENTIVE_MESSAGES.INCENTIVE_UPDATED);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Incentive ${incentive.name}`}>
      <Stack gap="lg">
        <FormOutcome success={saved} error={update.isError ? update.error : null} />
        <Text fz="sm" c="gray.7">
          Fields marked with an asterisk (*) are required.
        </Text>
        <IncentiveFields
          form={form}
          program={{ name: incentive.program.programName }}
          funding={{ options: fundingOptions, placeholder: 'Choose a funding source' }}
          mins={incentiveDateMins(today, true)}
        />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/admin/incentives">
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={sameIncentiveForm(form.values, initial)}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
