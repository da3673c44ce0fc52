import { MERCHANT_NAME_MAX, NAME_MAX, PHONE_MAX } from '@ebt/core/constants';
import { Checkbox, Fieldset, Grid, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { GROUP_LEGEND_STYLES, RequiredMark } from './group-parts';
import type { StepProps } from './step-props';

/** Step 1: the programs applied to (at least one), the farm or business, its contact person and business phone. */
export function ProgramsStep({ form, programs }: StepProps) {
  const { t, m } = useI18n();
  const field = localizedInputProps(form.getInputProps);
  const chosen = form.getValues().programIds;
  const error = form.errors.programIds;
  const errorId = useId();
  const toggle = (programId: string, checked: boolean) =>
    form.setFieldValue('programIds', checked ? [...chosen, programId] : chosen.filter((id) => id !== programId));

  return (
    <>
      <Text fz="sm" c="dimmed">
        {t('common.requiredNote')}
      </Text>
      <Fieldset
        variant="unstyled"
        styles={GROUP_LEGEND_STYLES}
        legend={
          <>
            {t('farmerApply.programs')}
            <RequiredMark />
          </>
        }
      >
        <Stack gap="sm">
          <Text fz="sm">{t('farmerApply.programsHint')}</Text>
          {programs.map((program, index) => {
            const id = String(program.programId);
            return (
              <Checkbox
                key={id}
                size="md"
                label={program.programName}
                checked={chosen.includes(id)}
                onChange={(event) => toggle(id, event.currentTarget.checked)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                data-path={index === 0 ? 'programIds' : undefined}
              />
            );
          })}
          {error && (
            <Text id={errorId} fz="sm" c="var(--mantine-color-error)">
              {m(String(error))}
            </Text>
          )}
        </Stack>
      </Fieldset>

      <TextInput
        label={t('farmerApply.farmName')}
        withAsterisk
        maxLength={MERCHANT_NAME_MAX}
        autoComplete="organization"
        {...field('farmName')}
      />
      <Fieldset variant="unstyled" styles={GROUP_LEGEND_STYLES} legend={t('farmerApply.contactPerson')}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('kit.firstName')}
              withAsterisk
              maxLength={NAME_MAX}
              autoComplete="given-name"
              {...field('contactFirstName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('kit.lastName')}
              withAsterisk
              maxLength={NAME_MAX}
              autoComplete="family-name"
              {...field('contactLastName')}
            />
          </Grid.Col>
        </Grid>
      </Fieldset>
      <TextInput
        type="tel"
        inputMode="tel"
        label={t('farmerApply.businessPhone')}
        description={t('kit.phoneHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={PHONE_MAX}
        autoComplete="tel"
        {...field('businessPhone')}
      />
    </>
  );
}
