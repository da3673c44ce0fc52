import { todayIn } from '@ebt/core/format';
import { PROGRAM_MESSAGES } from '@ebt/core/programs';
import { Anchor, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormOutcome, SubmitButton } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useAddProgram, useDefaultFunding } from './admin-api';
import { ProgramForm } from './components/ProgramForm';
import {
  EMPTY_PROGRAM_FORM,
  newProgramForm,
  programBodyOf,
  validateProgramForm,
  type ProgramFormValues,
} from './program-form';
import { portalTimeZone } from '../../lib/time-zone';

const FIELDS = Object.keys(EMPTY_PROGRAM_FORM);

/**
 * `/admin/program/add` (B§2 "Admin programs", B§5 "Program", B§9): a new program starts from the default funding
 * sources (programApi.defaultFunding) and the default card settings with blank secrets; its dates start
 * today or later. On 'Program added.' the program's edit screen opens with the message.
 */
export default function ProgramAddPage() {
  const navigate = useNavigate();
  const today = useMemo(() => todayIn(portalTimeZone()), []);
  const defaults = useDefaultFunding();
  const add = useAddProgram();
  const form = useForm<ProgramFormValues>({
    mode: 'controlled',
    initialValues: newProgramForm([]),
    validate: validateProgramForm('add', today),
  });

  // The defaults fill the editor once they arrive (resolution 25: as soon as the data is there).
  useEffect(() => {
    if (defaults.data) form.setFieldValue('fundingSources', newProgramForm(defaults.data).fundingSources);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaults.data]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await add.mutateAsync(programBodyOf(values));
      void navigate(`/admin/program/${saved.programUuid}`, {
        state: { saved: saved.message || PROGRAM_MESSAGES.PROGRAM_ADDED },
      });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <Page title="New Program">
      <Anchor component={Link} to="/admin/programs">
        Back to programs
      </Anchor>
      <MessageBanner kind="danger" messages={defaults.isError ? errorMessagesOf(defaults.error) : []} />
      {defaults.isPending ? (
        <LoadingStatus label="Loading the default funding sources" />
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-label="New program">
          <Stack gap="lg">
            <FormOutcome success={null} error={add.isError ? add.error : null} />
            <ProgramForm form={form} dateMin={today} />
            <SubmitButton loading={add.isPending}>Add Program</SubmitButton>
          </Stack>
        </form>
      )}
    </Page>
  );
}
