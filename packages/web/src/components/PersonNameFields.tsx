import { MIDDLE_INITIAL_MAX, NAME_MAX } from '@ebt/core/constants';
import { Grid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { FieldGroup, type FieldGroupProps } from './FieldGroup';
import { localizedInputProps, useI18n } from '../lib/i18n';

export type PersonNameField = 'firstname' | 'middlename' | 'lastname';

/**
 * First name and last name, required, at most 100 characters, and the middle initial, one letter (A§5 recipient
 * forms, A§5 online application, A§5 user info). `inputProps` gives each field's form props, so a form whose names
 * differ maps them. `personal` marks a person's own details (the browser may fill them in); staff typing someone
 * else's get no suggestions.
 */
export function PersonNameFields({
  inputProps: givenInputProps,
  personal = false,
  ...group
}: FieldGroupProps & { inputProps: (field: PersonNameField) => GetInputPropsReturnType; personal?: boolean }) {
  const { t } = useI18n();
  const inputProps = localizedInputProps(givenInputProps);
  return (
    <FieldGroup {...group}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={t('kit.firstName')}
            withAsterisk
            maxLength={NAME_MAX}
            autoComplete={personal ? 'given-name' : 'off'}
            {...inputProps('firstname')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <TextInput
            label={t('kit.middleInitial')}
            maxLength={MIDDLE_INITIAL_MAX}
            autoComplete={personal ? 'additional-name' : 'off'}
            {...inputProps('middlename')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={t('kit.lastName')}
            withAsterisk
            maxLength={NAME_MAX}
            autoComplete={personal ? 'family-name' : 'off'}
            {...inputProps('lastname')}
          />
        </Grid.Col>
      </Grid>
    </FieldGroup>
  );
}
