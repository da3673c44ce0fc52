import { MIN_DATES } from '@ebt/core/constants';
import { ROLE } from '@ebt/core/enums';
import type { ProgramDetail } from '@ebt/core/programs';
import { Anchor, Card, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { FormOutcome, SubmitButton } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { adminProgramKey, useAdminProgram, useSaveProgram } from './admin-api';
import { ProgramAdminsPanel } from './components/ProgramAdminsPanel';
import { ProgramFarmerApplicationCard } from '../farmer-applications';
import { ProgramForm } from './components/ProgramForm';
import {
  EMPTY_PROGRAM_FORM,
  programBodyOf,
  programFormOf,
  validateProgramForm,
  type ProgramFormValues,
} from './program-form';

/** Resolution 2: the admin program edit's admin search looks for roles 1 and 2. */
const ADMIN_EDIT_ROLES = [ROLE.PROGRAM_ADMIN, ROLE.PROGRAM_USER] as const;
const FIELDS = Object.keys(EMPTY_PROGRAM_FORM);

/**
 * `/admin/program/{id}` (B§2 "Admin programs", B§4, B§5 "Program"): the program's form with its funding-source editor,
 * saved with programApi.update ('Program updated.'), and its program admins (the panel of the program view: 'Remove
 * From Program' and 'Add Admin').
 */
export default function ProgramEditPage() {
  const { id = '' } = useParams();
  const program = useAdminProgram(id);
  return (
    <Page title="Edit Program">
      <Anchor component={Link} to="/admin/programs">
        Back to programs
      </Anchor>
      <MessageBanner kind="danger" messages={program.isError ? errorMessagesOf(program.error) : []} />
      {program.isPending && <LoadingStatus label="Loading the program" />}
      {program.data && <ProgramEdit key={program.data.programUuid} program={program.data} />}
    </Page>
  );
}

function ProgramEdit({ program }: { program: ProgramDetail }) {
  const location = useLocation();
  const [saved, setSaved] = useState<string | null>((location.state as { saved?: string } | null)?.saved ?? null);
  const queryClient = useQueryClient();
  const save = useSaveProgram(program.programUuid);
  const form = useForm<ProgramFormValues>({
    mode: 'controlled',
    initialValues: programFormOf(program),
    validate: validateProgramForm('edit', MIN_DATES.programEdit),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setSaved(null);
    try {
      const answer = await save.mutateAsync(programBodyOf(values));
      // The saved program as the server now has it (the save awaited its refetch): new funding sources have their
      // real ids, so a second save does not send them again as new ones.
      const fresh = queryClient.getQueryData<ProgramDetail>(adminProgramKey(program.programUuid));
      if (fresh) {
        form.setValues(programFormOf(fresh));
        form.resetDirty(programFormOf(fresh));
      }
      setSaved(answer.message);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <Stack gap="xl">
      <form onSubmit={handleSubmit} noValidate aria-label={`Program ${program.programName}`}>
        <Stack gap="lg">
          <FormOutcome success={saved} error={save.isError ? save.error : null} />
          <ProgramForm form={form} dateMin={MIN_DATES.programEdit} panPrefixFixed={program.panPrefixFixed} />
          <SubmitButton loading={save.isPending}>Update Program</SubmitButton>
        </Stack>
      </form>
      <Card withBorder padding="lg">
        <ProgramAdminsPanel
          programUuid={program.programUuid}
          programName={program.programName}
          roleIds={ADMIN_EDIT_ROLES}
          headingOrder={2}
          removeLabel="Remove From Program"
          addTitle="Add Admin"
        />
      </Card>
      <ProgramFarmerApplicationCard programUuid={program.programUuid} />
    </Stack>
  );
}
