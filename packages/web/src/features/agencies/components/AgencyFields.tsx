import { AGENCY_CODE_MAX, AGENCY_NAME_MAX, MIN_DATES } from '@ebt/core/constants';
import { Checkbox, Grid, NumberInput, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DateField } from '../../../components/DateField';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { Money } from '../../../components/Money';
import { selectProps } from '../../../lib/select-props';
import type { AgencyFormValues } from '../agency-form';

export interface AgencyFieldsProps {
  form: UseFormReturnType<AgencyFormValues>;
  /** The program choices (add), or the program's name shown read-only (update, B§2). */
  program: { options: { value: string; label: string }[]; placeholder: string } | { name: string };
  /** Name and code may be changed (AGENCY_UPDATE on update, B§6). */
  namesEditable: boolean;
  /** The funding fields may be changed (program admins and platform admins, B§6); else shown read-only. */
  fundingEditable: boolean;
}

/**
 * The agency's fields (B§5 "Agency"): Name (max 50), Code (max 20), Program, Funding Amount (0.00 to 99999999, step
 * 0.01), Funding Date (from 2023-01-01, yyyy-MM-dd) and the funding alert (B§9 fundingAlert, on by default).
 */
export function AgencyFields({ form, program, namesEditable, fundingEditable }: AgencyFieldsProps) {
  const span = { base: 12, sm: 6 };
  return (
    <>
      <Grid>
        <Grid.Col span={span}>
          <TextInput
            label="Name"
            withAsterisk={namesEditable}
            readOnly={!namesEditable}
            maxLength={AGENCY_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('agencyName')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <TextInput
            label="Code"
            withAsterisk={namesEditable}
            readOnly={!namesEditable}
            maxLength={AGENCY_CODE_MAX}
            autoComplete="off"
            {...form.getInputProps('agencyCode')}
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
              {...selectProps(form.getInputProps('programUuid'))}
            />
          ) : (
            <TextInput label="Program" value={program.name} readOnly />
          )}
        </Grid.Col>
      </Grid>
      {fundingEditable ? (
        <Grid>
          <Grid.Col span={span}>
            <NumberInput
              label="Funding Amount"
              description="USD, 0.00 to 99,999,999.00"
              min={0}
              max={99_999_999}
              step={0.01}
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              prefix="$"
              thousandSeparator=","
              hideControls
              {...form.getInputProps('fundingAmount')}
              onChange={(value) => form.setFieldValue('fundingAmount', value === '' ? '' : String(value))}
            />
          </Grid.Col>
          <Grid.Col span={span}>
            <DateField label="Funding Date" min={MIN_DATES.agencyFunding} {...form.getInputProps('fundingDate')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Checkbox
              label="Send funding alerts"
              description="Program admins and the agency's admins are told when issued benefits near the funding amount."
              {...form.getInputProps('fundingAlert', { type: 'checkbox' })}
            />
          </Grid.Col>
        </Grid>
      ) : (
        <FieldList>
          <ReadOnlyField
            label="Funding Amount"
            value={form.values.fundingAmount === '' ? '—' : <Money value={form.values.fundingAmount} />}
          />
          <ReadOnlyField label="Funding Date" value={form.values.fundingDate || '—'} />
          <ReadOnlyField label="Funding alerts" value={form.values.fundingAlert ? 'On' : 'Off'} />
        </FieldList>
      )}
    </>
  );
}
