import { ApplicantFormValues, type ApplicationProgram } from '@ebt/core/applicants';
import { MESSAGES } from '@ebt/core/messages';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import { AddressFields } from '../../../components/AddressFields';
import { ContactFields } from '../../../components/ContactFields';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { focusFirstError } from '../../../lib/form-focus';
import type { PersonFieldValues } from '../../../lib/person';
import { localizedInputProps, useI18n } from '../../../lib/i18n';

/** The form's values; the program is the select's text value until it is sent. */
export interface ApplicantValues extends PersonFieldValues {
  programId: string;
  stateId: string;
}

/** A§5 "Online application": core's applicant rules, without the agreement box (it is the last step). */
export const ApplicantDetails = ApplicantFormValues.omit({ agree: true, programId: true }).extend({
  programId: z.string().min(1, MESSAGES.FIELD_REQUIRED),
});

/** Step 1: the applicant's program (a choice only when there are several), name, address and contact details. */
export function ApplicantForm({
  form,
  programs,
  onContinue,
}: {
  form: UseFormReturnType<ApplicantValues>;
  programs: ApplicationProgram[];
  onContinue: () => void;
}) {
  const { t } = useI18n();
  const onlyProgram = programs.length === 1 ? programs[0] : undefined;
  return (
    <form onSubmit={form.onSubmit(onContinue, focusFirstError(form.getInputNode))} noValidate>
      <Stack gap="lg">
        <Text fz="sm" c="dimmed">
          {t('common.requiredNote')}
        </Text>
        {onlyProgram ? (
          <Text>
            {t('application.programLabel')} <strong>{onlyProgram.programName}</strong>
          </Text>
        ) : (
          <Select
            label={t('application.program')}
            withAsterisk
            placeholder={t('application.chooseProgram')}
            data={programs.map((program) => ({ value: String(program.programId), label: program.programName }))}
            allowDeselect={false}
            {...localizedInputProps(form.getInputProps)('programId')}
          />
        )}

        <PersonNameFields legend={t('application.yourName')} personal inputProps={form.getInputProps} />
        <AddressFields
          legend={t('application.homeAddress')}
          personal
          inputProps={(name) => form.getInputProps(name === 'state' ? 'stateId' : name)}
        />
        <ContactFields
          legend={t('application.contact')}
          personal
          inputProps={(name) => form.getInputProps(name === 'phone' ? 'mobilePhone' : name)}
        />

        <Group justify="flex-end">
          <Button type="submit">{t('common.continue')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
