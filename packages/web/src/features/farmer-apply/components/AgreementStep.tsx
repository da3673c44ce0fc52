import { NAME_MAX } from '@ebt/core/constants';
import { Checkbox, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateText } from '../../../components/DateText';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { chosenPrograms } from '../application-form';
import { AgreementText } from './AgreementText';
import { RequiredMark } from './group-parts';
import type { StepProps } from './step-props';

/**
 * Step 6: each chosen program's agreement (its Spanish when it has one and the page is Spanish), the box that accepts
 * it, the signature typed as the contact's full name, and today's date.
 */
export function AgreementStep({ form, programs }: StepProps) {
  const { t, language } = useI18n();
  const field = localizedInputProps(form.getInputProps);
  const values = form.getValues();
  const chosen = chosenPrograms(programs, values.programIds);

  return (
    <>
      {chosen.map((program) => (
        <Paper
          key={program.programId}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-labelledby={`agreement-${program.programId}`}
        >
          <Stack gap="sm">
            <Title order={3} fz="h4" id={`agreement-${program.programId}`}>
              {t('farmerApply.agreementOf', { program: program.programName })}
            </Title>
            <AgreementText
              text={language === 'es' && program.agreementTextEs ? program.agreementTextEs : program.agreementText}
            />
          </Stack>
        </Paper>
      ))}
      <Checkbox
        size="md"
        label={
          <>
            {t(chosen.length > 1 ? 'farmerApply.acceptMany' : 'farmerApply.accept')}
            <RequiredMark />
          </>
        }
        aria-invalid={form.errors.agreed ? true : undefined}
        {...field('agreed', { type: 'checkbox' })}
      />
      <TextInput
        label={t('farmerApply.signature')}
        description={t('farmerApply.signatureHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        maxLength={NAME_MAX * 2 + 1}
        autoComplete="off"
        {...field('signature')}
      />
      <Text>
        {t('farmerApply.signedOn')} <DateText value={new Date()} format="date" fw={600} />
      </Text>
    </>
  );
}
