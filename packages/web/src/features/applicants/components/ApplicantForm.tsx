import { ApplicantFormValues, type ApplicationProgram } from '@ebt/core/applicants';
import {
  ADDRESS_MAX,
  CITY_MAX,
  EMAIL_MAX,
  MIDDLE_INITIAL_MAX,
  NAME_MAX,
  PHONE_MAX,
  ZIP_MAX,
} from '@ebt/core/constants';
import { US_STATES } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { Button, Fieldset, Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import { focusFirstError } from '../../../lib/form-focus';

/** The form's values; the program is the select's text value until it is sent. */
export interface ApplicantValues {
  programId: string;
  firstname: string;
  middlename: string;
  lastname: string;
  address1: string;
  address2: string;
  city: string;
  stateId: string;
  zipcode: string;
  email: string;
  mobilePhone: string;
}

/** A§5 "Online application": core's applicant rules, without the agreement box (it is the last step). */
export const ApplicantDetails = ApplicantFormValues.omit({ agree: true, programId: true }).extend({
  programId: z.string().min(1, MESSAGES.FIELD_REQUIRED),
});

/** The groups' legends read as small headings. */
const LEGEND_STYLES = {
  legend: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 'var(--mantine-spacing-xs)' },
};

export const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));

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
  const onlyProgram = programs.length === 1 ? programs[0] : undefined;
  return (
    <form onSubmit={form.onSubmit(onContinue, focusFirstError(form.getInputNode))} noValidate>
      <Stack gap="lg">
        <Text fz="sm" c="dimmed">
          Fields marked with an asterisk (*) are required.
        </Text>
        {onlyProgram ? (
          <Text>
            Program: <strong>{onlyProgram.programName}</strong>
          </Text>
        ) : (
          <Select
            label="Program"
            withAsterisk
            placeholder="Choose a program"
            data={programs.map((program) => ({ value: String(program.programId), label: program.programName }))}
            allowDeselect={false}
            {...form.getInputProps('programId')}
          />
        )}

        <Fieldset legend="Your name" variant="unstyled" styles={LEGEND_STYLES}>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput
                label="First name"
                withAsterisk
                maxLength={NAME_MAX}
                autoComplete="given-name"
                {...form.getInputProps('firstname')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <TextInput
                label="Middle initial"
                maxLength={MIDDLE_INITIAL_MAX}
                autoComplete="additional-name"
                {...form.getInputProps('middlename')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput
                label="Last name"
                withAsterisk
                maxLength={NAME_MAX}
                autoComplete="family-name"
                {...form.getInputProps('lastname')}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>

        <Fieldset legend="Home address" variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <TextInput
              label="Address line 1"
              withAsterisk
              maxLength={ADDRESS_MAX}
              autoComplete="address-line1"
              {...form.getInputProps('address1')}
            />
            <TextInput
              label="Address line 2"
              maxLength={ADDRESS_MAX}
              autoComplete="address-line2"
              {...form.getInputProps('address2')}
            />
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInput
                  label="City"
                  withAsterisk
                  maxLength={CITY_MAX}
                  autoComplete="address-level2"
                  {...form.getInputProps('city')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 7, sm: 4 }}>
                <Select
                  label="State"
                  withAsterisk
                  searchable
                  data={STATE_OPTIONS}
                  allowDeselect={false}
                  autoComplete="address-level1"
                  {...form.getInputProps('stateId')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 5, sm: 3 }}>
                <TextInput
                  label="Zip code"
                  withAsterisk
                  maxLength={ZIP_MAX}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  {...form.getInputProps('zipcode')}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Contact" variant="unstyled" styles={LEGEND_STYLES}>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <TextInput
                label="E-mail"
                type="email"
                withAsterisk
                maxLength={EMAIL_MAX}
                autoComplete="email"
                {...form.getInputProps('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput
                label="Phone"
                type="tel"
                withAsterisk
                maxLength={PHONE_MAX}
                autoComplete="tel"
                {...form.getInputProps('mobilePhone')}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  );
}
