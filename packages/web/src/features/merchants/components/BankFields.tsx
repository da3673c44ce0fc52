import { BANK_ACCOUNT_MAX, BANK_NAME_MAX, BANK_ROUTING_MAX } from '@ebt/core/constants';
import { BANK_ACCOUNT_TYPE_LABEL } from '@ebt/core/enums';
import { Grid, Select, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { FieldGroup } from '../../../components/FieldGroup';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { selectProps } from '../../../lib/select-props';
import type { MerchantBankValues } from '../merchant-form';

const ACCOUNT_TYPE_OPTIONS = Object.entries(BANK_ACCOUNT_TYPE_LABEL).map(([value, label]) => ({ value, label }));

/** The kit's name group's names as the bank body names the account holder (B§3 bankAccountInfo). */
const HOLDER_NAMES = { firstname: 'firstName', middlename: 'middleName', lastname: 'lastName' } as const;

/**
 * The bank fields (B§5, BANK_VIEW only): bank name (max 45), account number (max 45), routing number (8 to 45),
 * account type (Checking 0, Savings 1, required) and the holder's first and last name (required, max 100) and middle
 * initial. `inputProps` maps a field to the form's path (the add form nests them under bankAccountInfo).
 */
export function BankFields({
  inputProps,
  disabled = false,
}: {
  inputProps: (name: keyof MerchantBankValues) => GetInputPropsReturnType;
  disabled?: boolean;
}) {
  return (
    <Stack gap="lg">
      <FieldGroup legend="Bank account" disabled={disabled}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Bank name" maxLength={BANK_NAME_MAX} autoComplete="off" {...inputProps('bankName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Account type"
              withAsterisk
              data={ACCOUNT_TYPE_OPTIONS}
              allowDeselect={false}
              {...selectProps(inputProps('bankAccountType'))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Account number"
              withAsterisk
              maxLength={BANK_ACCOUNT_MAX}
              autoComplete="off"
              {...inputProps('bankAccountNumber')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Routing number"
              withAsterisk
              maxLength={BANK_ROUTING_MAX}
              autoComplete="off"
              {...inputProps('bankRoutingNumber')}
            />
          </Grid.Col>
        </Grid>
      </FieldGroup>
      <PersonNameFields
        legend="Account holder"
        disabled={disabled}
        inputProps={(name) => inputProps(HOLDER_NAMES[name])}
      />
    </Stack>
  );
}
