import { INCENTIVE_NAME_MAX } from '@ebt/core/constants';
import { formatIncentiveRate, INCENTIVE_RATE_FIELDS, INCENTIVE_RATE_LABELS, isAccrualMax } from '@ebt/core/incentives';
import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DateField } from '../../../components/DateField';
import { selectProps } from '../../../lib/select-props';
import type { IncentiveFormValues } from '../incentive-form';

export interface IncentiveFieldsProps {
  form: UseFormReturnType<IncentiveFormValues>;
  /** The program choices (new), or the program's name shown read-only (edit: decision 0040). */
  program: { options: { value: string; label: string }[]; placeholder: string } | { name: string };
  funding: { options: { value: string; label: string }[]; placeholder: string };
  /** The earliest dates the calendars offer (core's incentiveDateMins). */
  mins: { startDate: string; endDate: string };
}

/**
 * The incentive's fields (B§5 "Incentive definition"): Name, Program, Funding, Start Date, End Date and the six
 * decimals, each formatted to two places when the person leaves it (an empty one becomes 0.00). A match rate of 5.25
 * means 5.25%; an accrual maximum of 0.00 means no maximum: the fields' descriptions say so.
 */
export function IncentiveFields({ form, program, funding, mins }: IncentiveFieldsProps) {
  const span = { base: 12, sm: 6 };
  return (
    <>
      <Grid>
        <Grid.Col span={span}>
          <TextInput
            label="Name"
            withAsterisk
            maxLength={INCENTIVE_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('name')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          {'options' in program ? (
            <Select
              label="Program"
              withAsterisk
              data={program.options}
              allowDeselect={false}
              placeholder={program.placeholder}
              {...selectProps(form.getInputProps('programId'))}
              onChange={(value) => {
                form.setFieldValue('programId', value ?? '');
                form.setFieldValue('fundingId', '');
              }}
            />
          ) : (
            <TextInput label="Program" value={program.name} readOnly />
          )}
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Funding"
            withAsterisk
            data={funding.options}
            allowDeselect={false}
            placeholder={funding.placeholder}
            {...selectProps(form.getInputProps('fundingId'))}
          />
        </Grid.Col>
      </Grid>
      <Grid>
        <Grid.Col span={span}>
          <DateField label="Start Date" withAsterisk min={mins.startDate} {...form.getInputProps('startDate')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <DateField label="End Date" min={mins.endDate} {...form.getInputProps('endDate')} />
        </Grid.Col>
      </Grid>
      <Grid>
        {INCENTIVE_RATE_FIELDS.map((field) => (
          <Grid.Col key={field} span={{ base: 12, sm: 6, md: 4 }}>
            <TextInput
              label={INCENTIVE_RATE_LABELS[field]}
              description={
                field === 'matchRate' ? '5.25 means 5.25%' : isAccrualMax(field) ? '0.00 means no maximum' : undefined
              }
              inputMode="decimal"
              autoComplete="off"
              {...form.getInputProps(field)}
              onBlur={(event) => {
                form.setFieldValue(field, formatIncentiveRate(event.currentTarget.value));
                form.validateField(field);
              }}
            />
          </Grid.Col>
        ))}
      </Grid>
    </>
  );
}
