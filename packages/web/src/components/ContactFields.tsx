import { EMAIL_MAX, PHONE_MAX } from '@ebt/core/constants';
import { Grid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { FieldGroup, type FieldGroupProps } from './FieldGroup';
import { localizedInputProps, useI18n } from '../lib/i18n';

export type ContactField = 'email' | 'phone';

/**
 * E-mail, required, at most 255 characters, and mobile phone, at most 20 characters with 10 digits (A§5 recipient
 * forms, online application, user info). `phone` is the form's mobilePhone or mobile; `phoneRequired` is false only
 * for the user info form, where the phone is optional.
 */
export function ContactFields({
  inputProps: givenInputProps,
  personal = false,
  phoneRequired = true,
  ...group
}: FieldGroupProps & {
  inputProps: (field: ContactField) => GetInputPropsReturnType;
  personal?: boolean;
  phoneRequired?: boolean;
}) {
  const { t } = useI18n();
  const inputProps = localizedInputProps(givenInputProps);
  return (
    <FieldGroup {...group}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput
            label={t('kit.email')}
            type="email"
            withAsterisk
            maxLength={EMAIL_MAX}
            autoComplete={personal ? 'email' : 'off'}
            {...inputProps('email')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={t('kit.mobilePhone')}
            type="tel"
            inputMode="tel"
            withAsterisk={phoneRequired}
            maxLength={PHONE_MAX}
            autoComplete={personal ? 'tel' : 'off'}
            description={t('kit.phoneHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...inputProps('phone')}
          />
        </Grid.Col>
      </Grid>
    </FieldGroup>
  );
}
