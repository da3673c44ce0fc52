import { CONFIG_KEY_MAX, CONFIG_VALUE_MAX } from '@ebt/core/constants';
import { todayIn } from '@ebt/core/format';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../components/DateField';
import { FormOutcome, SubmitButton } from '../../components/FormOutcome';
import { Page } from '../../components/Page';
import { focusFirstError } from '../../lib/form-focus';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useAddConfigValue } from './api';
import { configKeyPath, EMPTY_CONFIG_FORM, validateConfigForm, type ConfigFormValues } from './config-form';
import { portalTimeZone } from '../../lib/time-zone';

const FIELDS = Object.keys(EMPTY_CONFIG_FORM);

/**
 * `/admin/configuration/add` (B§2 "Add configuration key form", B§5): a key, its first value and the date it takes
 * effect (today or later). 'New configuration key and value added.' opens the key's page with the message; a key
 * that exists gets the value added to it ('New configuration value added.').
 */
export default function ConfigAddPage() {
  const navigate = useNavigate();
  const today = useMemo(() => todayIn(portalTimeZone()), []);
  const add = useAddConfigValue();
  const form = useForm<ConfigFormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_CONFIG_FORM, effectiveDate: today },
    validate: validateConfigForm(today),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const message = await add.mutateAsync(values);
      void navigate(configKeyPath(values.configKey.trim()), { state: { saved: message } });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <Page title="New Config Key">
      <Anchor component={Link} to="/admin/configurations">
        Back to configurations
      </Anchor>
      <form onSubmit={handleSubmit} noValidate aria-label="New configuration key">
        <Stack gap="md" maw={640}>
          <FormOutcome success={null} error={add.isError ? add.error : null} />
          <Text fz="sm" c="gray.7">
            Fields marked with an asterisk (*) are required.
          </Text>
          <TextInput label="Key" withAsterisk maxLength={CONFIG_KEY_MAX} {...form.getInputProps('configKey')} />
          <TextInput label="Value" withAsterisk maxLength={CONFIG_VALUE_MAX} {...form.getInputProps('configValue')} />
          <DateField
            label="Effective Date"
            withAsterisk
            min={today}
            {...(form.getInputProps('effectiveDate') as { value: string; onChange: (v: string) => void })}
          />
          <SubmitButton loading={add.isPending}>Add Key</SubmitButton>
        </Stack>
      </form>
    </Page>
  );
}
