import { FNS_NUMBER_LENGTH, MERCHANT_ID_MAX, MERCHANT_NAME_MAX, PHONE_MAX } from '@ebt/core/constants';
import { Checkbox, Grid, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { AddressFields, type AddressField } from '../../../components/AddressFields';
import { ContactFields } from '../../../components/ContactFields';
import { FieldGroup } from '../../../components/FieldGroup';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useTaxClasses, useTinTypes } from '../../../lib/lookups';
import { selectProps } from '../../../lib/select-props';
import type { MerchantFormValues } from '../merchant-form';

/** The part of a Mantine form the fields need; the detail's and the add screen's forms both fit. */
type FieldsForm = Pick<UseFormReturnType<MerchantFormValues>, 'getInputProps' | 'values'>;

/** The address group's names (the kit's) as the merchant body names them (B§3). */
const ADDRESS_NAMES: Record<AddressField, string> = {
  address1: 'addressOne',
  address2: 'addressTwo',
  city: 'city',
  state: 'stateCode',
  zipcode: 'zipcode',
};

const TAX_ID_LENGTH = 9;

export interface MerchantFieldsProps {
  form: FieldsForm;
  /** BANK_VIEW: the tax fields are shown (B§2: "Tax fields are also hidden without BANK_VIEW"). */
  bankView: boolean;
  /** The stored Federal Tax ID, masked (`****6789`), which a blank field keeps. */
  maskedTaxId?: string | null;
  disabled?: boolean;
}

/**
 * The merchant form's fields (B§5 "Merchant form"), one piece for the detail and the add screen: Merchant ID, name,
 * FNS number, e-mail, business and mobile phone, the tax fields for BANK_VIEW, and the registered, mailing and
 * physical addresses, the last two behind their "Same as registered address" boxes. The limits are on the inputs
 * too, so nobody types past them; the rules themselves are core's (merchant-form.ts).
 */
export function MerchantFields({ form, bankView, maskedTaxId, disabled = false }: MerchantFieldsProps) {
  const field = (name: string) => ({ ...form.getInputProps(name), disabled });
  const address = (prefix: string) => (name: AddressField) => field(`${prefix}.${ADDRESS_NAMES[name]}`);
  const check = (name: 'mailingSame' | 'physicalSame') => ({
    ...form.getInputProps(name, { type: 'checkbox' }),
    disabled,
  });

  return (
    <Stack gap="lg">
      <FieldGroup legend="Merchant" disabled={disabled}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Merchant ID"
              withAsterisk
              maxLength={MERCHANT_ID_MAX}
              autoComplete="off"
              {...field('merchantIdentifier')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label="Merchant name"
              withAsterisk
              maxLength={MERCHANT_NAME_MAX}
              autoComplete="off"
              {...field('merchantName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              label="FNS number"
              description={`${FNS_NUMBER_LENGTH} characters, when given.`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxLength={FNS_NUMBER_LENGTH}
              autoComplete="off"
              {...field('fnsNumber')}
            />
          </Grid.Col>
        </Grid>
      </FieldGroup>

      <Stack gap="md">
        <ContactFields
          legend="Contact"
          disabled={disabled}
          inputProps={(name) => field(name === 'phone' ? 'mobilePhone' : name)}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 5 }} offset={{ base: 0, sm: 7 }}>
            <TextInput
              label="Business phone"
              type="tel"
              inputMode="tel"
              withAsterisk
              maxLength={PHONE_MAX}
              autoComplete="off"
              description="10 digits; spaces, dashes or dots are fine."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...field('businessPhone')}
            />
          </Grid.Col>
        </Grid>
      </Stack>

      {bankView && <TaxFields field={field} maskedTaxId={maskedTaxId ?? null} disabled={disabled} />}

      <AddressFields legend="Registered address" disabled={disabled} inputProps={address('addressInfo')} />

      <Stack gap="sm">
        <Checkbox label="Mailing address: same as registered address" {...check('mailingSame')} />
        {!form.values.mailingSame && (
          <AddressFields legend="Mailing address" disabled={disabled} inputProps={address('mailingAddress')} />
        )}
      </Stack>
      <Stack gap="sm">
        <Checkbox label="Physical address: same as registered address" {...check('physicalSame')} />
        {!form.values.physicalSame && (
          <AddressFields legend="Physical address" disabled={disabled} inputProps={address('physicalAddress')} />
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The tax fields (B§5, BANK_VIEW only): Federal Tax ID (9 digits; the stored one shows masked and a blank field
 * keeps it, decision 0021), tax classification and TIN type from the B§3 look-ups.
 */
function TaxFields({
  field,
  maskedTaxId,
  disabled,
}: {
  field: (name: string) => ReturnType<FieldsForm['getInputProps']> & { disabled: boolean };
  maskedTaxId: string | null;
  disabled: boolean;
}) {
  const taxClasses = useTaxClasses();
  const tinTypes = useTinTypes();
  const classOptions = useMemo(
    () => (taxClasses.data ?? []).map((c) => ({ value: String(c.taxClassId), label: c.descr })),
    [taxClasses.data],
  );
  const tinOptions = useMemo(
    () => (tinTypes.data ?? []).map((t) => ({ value: String(t.tinTypeId), label: t.descr })),
    [tinTypes.data],
  );
  const lookupError = taxClasses.isError ? taxClasses.error : tinTypes.isError ? tinTypes.error : null;

  return (
    <FieldGroup legend="Tax" disabled={disabled}>
      <Stack gap="sm">
        <MessageBanner kind="danger" messages={lookupError ? errorMessagesOf(lookupError) : []} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Federal Tax ID"
              inputMode="numeric"
              maxLength={TAX_ID_LENGTH}
              autoComplete="off"
              description={
                maskedTaxId
                  ? `Stored: ${maskedTaxId}. Leave blank to keep it, or enter 9 digits to replace it.`
                  : '9 digits.'
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...field('taxId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Tax classification"
              data={classOptions}
              clearable
              placeholder={taxClasses.isPending ? 'Loading…' : 'None'}
              {...selectProps(field('taxClassId'))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="TIN type"
              data={tinOptions}
              clearable
              placeholder={tinTypes.isPending ? 'Loading…' : 'None'}
              {...selectProps(field('tinTypeId'))}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </FieldGroup>
  );
}
