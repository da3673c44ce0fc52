import { Checkbox, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { AddressFields } from '../../../components/AddressFields';
import { ContactFields } from '../../../components/ContactFields';
import { PersonNameFields } from '../../../components/PersonNameFields';
import type { RecipientFieldValues } from './recipient-values';

/** The part of a Mantine form the fields need; any form whose values include the recipient fields fits. */
type FieldsForm = Pick<UseFormReturnType<RecipientFieldValues>, 'getInputProps'>;

/**
 * The recipient fields of the add and edit forms (A§5 "Recipient forms"): the kit's name, address and contact groups
 * (staff type someone else's details: no browser suggestions) and the card issuance box. `disabled` locks every
 * field (account type 1, A§4).
 */
export function RecipientFields({ form, disabled = false }: { form: FieldsForm; disabled?: boolean }) {
  const field = (name: keyof RecipientFieldValues) => ({ ...form.getInputProps(name), disabled });
  return (
    <Stack gap="lg">
      <PersonNameFields legend="Name" disabled={disabled} inputProps={field} />
      <AddressFields
        legend="Address"
        disabled={disabled}
        inputProps={(name) => field(name === 'state' ? 'stateCode' : name)}
      />
      <ContactFields
        legend="Contact"
        disabled={disabled}
        inputProps={(name) => field(name === 'phone' ? 'mobilePhone' : name)}
      />
      <Checkbox
        label="Card issuance"
        description="Issue a card to this recipient."
        {...form.getInputProps('cardIssuanceCode', { type: 'checkbox' })}
        disabled={disabled}
      />
    </Stack>
  );
}
