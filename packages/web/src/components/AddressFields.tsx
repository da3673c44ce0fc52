import { ADDRESS_MAX, CITY_MAX, ZIP_MAX } from '@ebt/core/constants';
import { US_STATES } from '@ebt/core/enums';
import { Grid, Select, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { selectProps } from '../lib/select-props';
import { FieldGroup, type FieldGroupProps } from './FieldGroup';
import { localizedInputProps, useI18n } from '../lib/i18n';

export type AddressField = 'address1' | 'address2' | 'city' | 'state' | 'zipcode';

/** The state's name and code, so a person can type either to find it. */
const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

/**
 * Address line 1 required and line 2 (at most 60 each), city required (60), state required (its two-letter code),
 * zip code required (at most 10) (A§5 recipient forms and online application). `state` is the form's stateCode or
 * stateId. The limits are on the inputs too, so nobody types past them.
 */
export function AddressFields({
  inputProps: givenInputProps,
  personal = false,
  ...group
}: FieldGroupProps & { inputProps: (field: AddressField) => GetInputPropsReturnType; personal?: boolean }) {
  const { t } = useI18n();
  const inputProps = localizedInputProps(givenInputProps);
  const auto = (token: string) => (personal ? token : 'off');
  return (
    <FieldGroup {...group}>
      <Stack gap="md">
        <TextInput
          label={t('kit.address1')}
          withAsterisk
          maxLength={ADDRESS_MAX}
          autoComplete={auto('address-line1')}
          {...inputProps('address1')}
        />
        <TextInput
          label={t('kit.address2')}
          maxLength={ADDRESS_MAX}
          autoComplete={auto('address-line2')}
          {...inputProps('address2')}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label={t('kit.city')}
              withAsterisk
              maxLength={CITY_MAX}
              autoComplete={auto('address-level2')}
              {...inputProps('city')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 7, sm: 4 }}>
            <Select
              label={t('kit.state')}
              withAsterisk
              searchable
              data={STATE_OPTIONS}
              allowDeselect={false}
              autoComplete={auto('address-level1')}
              {...selectProps(inputProps('state'))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 5, sm: 3 }}>
            <TextInput
              label={t('kit.zipcode')}
              withAsterisk
              maxLength={ZIP_MAX}
              inputMode="numeric"
              autoComplete={auto('postal-code')}
              {...inputProps('zipcode')}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </FieldGroup>
  );
}
