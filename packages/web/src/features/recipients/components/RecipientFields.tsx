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
import { Checkbox, Fieldset, Grid, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { RecipientFieldValues } from './recipient-values';
import { selectProps } from './select-props';

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

/** The groups' legends read as small headings. */
const LEGEND_STYLES = {
  legend: { fontWeight: 650, fontSize: 'var(--mantine-font-size-md)', marginBottom: 'var(--mantine-spacing-xs)' },
};

/** The part of a Mantine form the fields need; any form whose values include the recipient fields fits. */
type FieldsForm = Pick<UseFormReturnType<RecipientFieldValues>, 'getInputProps'>;

/**
 * The recipient fields of the add and edit forms (A§5 "Recipient forms"): first and last name required (max 100),
 * middle initial (1), address one required and address two (max 60), city required (max 60), state required, zip
 * required (max 10), e-mail required (max 255), mobile phone required (max 20) and the card issuance box. The limits
 * are set on the inputs too, so a person cannot type past them. `disabled` locks every field (account type 1, A§4).
 */
export function RecipientFields({ form, disabled = false }: { form: FieldsForm; disabled?: boolean }) {
  const field = (name: keyof RecipientFieldValues) => ({ ...form.getInputProps(name), disabled });
  return (
    <Stack gap="lg">
      <Fieldset legend="Name" variant="unstyled" styles={LEGEND_STYLES} disabled={disabled}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label="First name"
              withAsterisk
              maxLength={NAME_MAX}
              autoComplete="off"
              {...field('firstname')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 2 }}>
            <TextInput
              label="Middle initial"
              maxLength={MIDDLE_INITIAL_MAX}
              autoComplete="off"
              {...field('middlename')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label="Last name" withAsterisk maxLength={NAME_MAX} autoComplete="off" {...field('lastname')} />
          </Grid.Col>
        </Grid>
      </Fieldset>

      <Fieldset legend="Address" variant="unstyled" styles={LEGEND_STYLES} disabled={disabled}>
        <Stack gap="md">
          <TextInput label="Address 1" withAsterisk maxLength={ADDRESS_MAX} autoComplete="off" {...field('address1')} />
          <TextInput label="Address 2" maxLength={ADDRESS_MAX} autoComplete="off" {...field('address2')} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label="City" withAsterisk maxLength={CITY_MAX} autoComplete="off" {...field('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 7, sm: 4 }}>
              <Select
                label="State"
                withAsterisk
                searchable
                data={STATE_OPTIONS}
                allowDeselect={false}
                autoComplete="off"
                {...selectProps(field('stateCode'))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 5, sm: 3 }}>
              <TextInput
                label="Zip code"
                withAsterisk
                maxLength={ZIP_MAX}
                inputMode="numeric"
                autoComplete="off"
                {...field('zipcode')}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Contact" variant="unstyled" styles={LEGEND_STYLES} disabled={disabled}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              label="E-mail"
              type="email"
              withAsterisk
              maxLength={EMAIL_MAX}
              autoComplete="off"
              {...field('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label="Mobile phone"
              type="tel"
              inputMode="tel"
              withAsterisk
              maxLength={PHONE_MAX}
              autoComplete="off"
              description="10 digits; spaces, dashes or dots are fine."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...field('mobilePhone')}
            />
          </Grid.Col>
        </Grid>
      </Fieldset>

      <Checkbox
        label="Card issuance"
        description="Issue a card to this recipient."
        {...form.getInputProps('cardIssuanceCode', { type: 'checkbox' })}
        disabled={disabled}
      />
    </Stack>
  );
}
