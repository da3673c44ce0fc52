import { INCENTIVE_MESSAGES, incentiveDateMins } from '@ebt/core/incentives';
import { MESSAGES } from '@ebt/core/messages';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormOutcome } from '../../components/FormOutcome';
import { MessageBanner } from '../../components/MessageBanner';
import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useAddIncentive, useIncentiveFunding, useIncentivePrograms } from './api';
import { IncentiveFields } from './components/IncentiveFields';
import {
  EMPTY_INCENTIVE_FORM,
  incentiveAddBody,
  type IncentiveFormValues,
  programToday,
  validateIncentive,
} from './incentive-form';

const FIELDS = Object.keys(EMPTY_INCENTIVE_FORM);
const BACK = <BackLink to="/admin/incentives">Back to Incentives</BackLink>;

/**
 * `/admin/incentive/add` (B§2, B§5, B§7): the program from incentiveApi.programs, its funding sources from
 * incentiveApi.funding, the dates from the program's today. incentiveApi.add; 'New incentive added.' opens the new incentive; 400 and 409 show the server's messages at their fields (B§8).
 */
export default function IncentiveAddPage() {
  const navigate = useNavigate();
  const add = useAddIncentive();
  const programs = useIncentivePrograms();
  const form = useForm<IncentiveFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_INCENTIVE_FORM,
    validate: (values) => validateIncentive(values, todayOf(values.programId), null),
  });
  const programOf = (programId: string) => programs.data?.find((p) => String(p.programId) === programId);
  const todayOf = (programId: string) => programToday(programOf(programId)?.timeZone);
  const programId = /^\d+$/.test(form.values.programId) ? Number(form.values.programId) : null;
  const funding = useIncentiveFunding(programId);
  const programOptions = useMemo(
    () => (programs.data ?? []).map((p) => ({ value: String(p.programId), label: p.programName })),
    [programs.data],
  );

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const added = await add.mutateAsync(incentiveAddBody(values));
      void navigate(`/admin/incentive/${added.incentiveUuid}`, {
        state: { saved: added.message || INCENTIVE_MESSAGES.INCENTIVE_ADDED },
      });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <Page title="New Incentive" actions={BACK}>
      <form onSubmit={handleSubmit} noValidate aria-label="New incentive">
        <Stack gap="lg">
          <FormOutcome success={null} error={add.isError ? add.error : null} />
          <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />
          {programs.isSuccess && programOptions.length === 0 && (
            <MessageBanner kind="warning" messages={MESSAGES.NO_PROGRAMS_FOUND} />
          )}
          <Text fz="sm" c="gray.7">
            Fields marked with an asterisk (*) are required.
          </Text>
          <IncentiveFields
            form={form}
            program={{
              options: programOptions,
              placeholder: programs.isPending ? 'Loading programs…' : 'Choose a program',
            }}
            funding={{
              options: (funding.data ?? []).map((f) => ({ value: String(f.fundingId), label: f.name })),
              placeholder: programId === null ? 'Choose a program first' : 'Choose a funding source',
            }}
            mins={incentiveDateMins(todayOf(form.values.programId), false)}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/admin/incentives">
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
