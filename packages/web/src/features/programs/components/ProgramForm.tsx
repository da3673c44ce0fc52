import {
  ADDRESS_MAX,
  CITY_MAX,
  EXPIRATION_DAYS_MAX,
  PHONE_MAX,
  PROGRAM_CONFIGURATION_MAX,
  PROGRAM_CONTACT_EMAIL_MAX,
  PROGRAM_NAME_MAX,
  PROGRAM_SHORT_NAME_MAX,
  ZIP_MAX,
} from '@ebt/core/constants';
import { PROGRAM_STATUS_LABEL, US_STATES } from '@ebt/core/enums';
import { Checkbox, Grid, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { DateField } from '../../../components/DateField';
import { FieldGroup } from '../../../components/FieldGroup';
import { selectProps } from '../../../lib/select-props';
import { useBenefitOptionTypes } from '../admin-api';
import type { ProgramFormValues } from '../program-form';
import { FundingSourceEditor } from './FundingSourceEditor';

const STATUS_OPTIONS = Object.entries(PROGRAM_STATUS_LABEL).map(([value, label]) => ({ value, label }));
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

export interface ProgramFormProps {
  form: UseFormReturnType<ProgramFormValues>;
  /** The first date the start and end dates take: today when adding, 2021-02-01 when editing (B§5). */
  dateMin: string;
  /** Bin and series number can no longer change once PANs exist (decision 0030). */
  panPrefixFixed?: boolean;
}

const half = { base: 12, sm: 6 };
const third = { base: 12, xs: 6, sm: 4 };

/** The program's fields (B§3, B§5 "Program"), shared by the add and edit screens. */
export function ProgramForm({ form, dateMin, panPrefixFixed = false }: ProgramFormProps) {
  const optionTypes = useBenefitOptionTypes();
  const optionTypeOptions = useMemo(
    () => (optionTypes.data ?? []).map((t) => ({ value: String(t.optionTypeId), label: t.name })),
    [optionTypes.data],
  );
  const date = (field: keyof ProgramFormValues) =>
    form.getInputProps(field) as { value: string; onChange: (v: string) => void };

  return (
    <Stack gap="xl">
      <Text fz="sm" c="gray.7">
        Fields marked with an asterisk (*) are required.
      </Text>
      <FieldGroup legend="Program">
        <Grid>
          <Grid.Col span={half}>
            <TextInput label="Name" withAsterisk maxLength={PROGRAM_NAME_MAX} {...form.getInputProps('programName')} />
          </Grid.Col>
          <Grid.Col span={third}>
            <TextInput
              label="Short Name"
              withAsterisk
              maxLength={PROGRAM_SHORT_NAME_MAX}
              {...form.getInputProps('shortName')}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <Select
              label="Status"
              withAsterisk
              data={STATUS_OPTIONS}
              allowDeselect={false}
              {...selectProps(form.getInputProps('programStatusId'))}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <TextInput
              label="Bin"
              inputMode="numeric"
              maxLength={8}
              disabled={panPrefixFixed}
              description={panPrefixFixed ? 'Fixed: PANs exist for the program.' : undefined}
              {...form.getInputProps('bin')}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <TextInput
              label="Series Nbr"
              inputMode="numeric"
              maxLength={8}
              disabled={panPrefixFixed}
              description={panPrefixFixed ? undefined : 'Bin and series: nine digits in all.'}
              {...form.getInputProps('seriesNbr')}
            />
          </Grid.Col>
        </Grid>
      </FieldGroup>

      <FieldGroup legend="Contact">
        <Grid>
          <Grid.Col span={half}>
            <TextInput
              label="Contact Email"
              type="email"
              withAsterisk
              maxLength={PROGRAM_CONTACT_EMAIL_MAX}
              {...form.getInputProps('contactEmail')}
            />
          </Grid.Col>
          <Grid.Col span={half}>
            <TextInput
              label="Phone"
              type="tel"
              withAsterisk
              maxLength={PHONE_MAX}
              {...form.getInputProps('contactPhone')}
            />
          </Grid.Col>
          <Grid.Col span={half}>
            <TextInput
              label="Address 1"
              withAsterisk
              maxLength={ADDRESS_MAX}
              {...form.getInputProps('contactAddress1')}
            />
          </Grid.Col>
          <Grid.Col span={half}>
            <TextInput label="Address 2" maxLength={ADDRESS_MAX} {...form.getInputProps('contactAddress2')} />
          </Grid.Col>
          <Grid.Col span={third}>
            <TextInput label="City" withAsterisk maxLength={CITY_MAX} {...form.getInputProps('contactCity')} />
          </Grid.Col>
          <Grid.Col span={third}>
            <Select
              label="State"
              withAsterisk
              searchable
              data={STATE_OPTIONS}
              allowDeselect={false}
              {...selectProps(form.getInputProps('contactStateCode'))}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <TextInput
              label="Zip"
              withAsterisk
              inputMode="numeric"
              maxLength={ZIP_MAX}
              {...form.getInputProps('contactZip')}
            />
          </Grid.Col>
        </Grid>
      </FieldGroup>

      <FieldGroup legend="Dates">
        <Grid>
          <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
            <DateField label="Start Date" withAsterisk min={dateMin} {...date('startDate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
            <DateField label="End Date" withAsterisk min={form.values.startDate || dateMin} {...date('endDate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
            <DateField label="Funding Date" {...date('fundingDate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
            <DateField label="Last Issuance Date" {...date('lastIssuanceDate')} />
          </Grid.Col>
        </Grid>
      </FieldGroup>

      <FieldGroup legend="Benefits and funding">
        <Grid>
          <Grid.Col span={third}>
            <TextInput
              label="Benefit Amount"
              description="0.00 to 9999.99; empty for no default."
              inputMode="decimal"
              leftSection="$"
              {...form.getInputProps('benefitAmount')}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <TextInput
              label="Benefit Expiration (days)"
              description="0 means no default."
              inputMode="numeric"
              maxLength={String(EXPIRATION_DAYS_MAX).length}
              {...form.getInputProps('benefitExpiration')}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <TextInput
              label="Incentive Expiration (days)"
              description="0 means no default."
              inputMode="numeric"
              maxLength={String(EXPIRATION_DAYS_MAX).length}
              {...form.getInputProps('incentiveExpiration')}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <TextInput
              label="Funding Amount"
              description="Up to 99999999.00."
              inputMode="decimal"
              leftSection="$"
              {...form.getInputProps('fundingAmount')}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <Select
              label="Benefit Option Type"
              placeholder={optionTypes.isPending ? 'Loading option types…' : 'None'}
              data={optionTypeOptions}
              clearable
              {...selectProps(form.getInputProps('benefitOptionTypeId'))}
              onChange={(value) => form.setFieldValue('benefitOptionTypeId', value ?? '')}
            />
          </Grid.Col>
          <Grid.Col span={third}>
            <Checkbox
              mt={{ base: 0, sm: 'xl' }}
              label="Enable Benefit Note"
              {...form.getInputProps('enableBenefitNote', { type: 'checkbox' })}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Switch
              label="Require the card's PIN at purchases and balance inquiries"
              description="When on, a card without a PIN cannot pay or check its balance at a terminal until the recipient sets one in the portal."
              {...form.getInputProps('pinRequired', { type: 'checkbox' })}
            />
          </Grid.Col>
        </Grid>
      </FieldGroup>

      <FundingSourceEditor
        sources={form.values.fundingSources}
        onChange={(sources) => {
          form.setFieldValue('fundingSources', sources);
          form.clearFieldError('fundingSources');
        }}
        error={typeof form.errors.fundingSources === 'string' ? form.errors.fundingSources : null}
      />

      <Textarea
        label="Configuration"
        description="Card settings as JSON. Secret keys show as ******** when set; leave them so to keep them, or enter a new value."
        autosize
        minRows={4}
        maxLength={PROGRAM_CONFIGURATION_MAX}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('configuration')}
      />
    </Stack>
  );
}
