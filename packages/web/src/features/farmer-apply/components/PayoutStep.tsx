import { BANK_ACCOUNT_MAX, BANK_NAME_MAX, BANK_ROUTING_MAX, MIDDLE_INITIAL_MAX, NAME_MAX } from '@ebt/core/constants';
import { Checkbox, Grid, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import type { StepProps } from './step-props';

/**
 * Step 5: where payouts go. The tax id type and number, and the bank account with its number typed twice; why they
 * are asked, that they are sealed on arrival, and that the draft on the device never keeps them. A completed
 * application keeps the numbers on file while these are left blank.
 */
export function PayoutStep({ form, mode, kept }: StepProps) {
  const { t } = useI18n();
  const field = localizedInputProps(form.getInputProps);
  const values = form.getValues();
  const showBank = mode === 'new' || values.changeBank;
  const radios = (path: string) => {
    const props = field(path);
    return {
      value: (props.value as string | undefined) ?? '',
      onChange: props.onChange as (value: string) => void,
      error: props.error,
      invalid: props.error ? true : undefined,
    };
  };
  const tin = radios('tinTypeId');
  const type = radios('bankAccount.bankAccountType');

  return (
    <>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconLock size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={6}>
            <Text>{t('farmerApply.payoutWhy')}</Text>
            <Text>{t('farmerApply.payoutSealed')}</Text>
            <Text fw={600}>{t(mode === 'new' ? 'farmerApply.payoutNotKept' : 'farmerApply.payoutKeep')}</Text>
          </Stack>
        </Group>
      </Paper>
      <Text fz="sm" c="dimmed">
        {t('common.requiredNote')}
      </Text>

      <Radio.Group
        label={t('farmerApply.tinType')}
        withAsterisk
        value={tin.value}
        onChange={tin.onChange}
        error={tin.error}
      >
        <Stack gap="sm" mt="xs">
          <Radio size="md" value="1" label={t('farmerApply.tinSsn')} aria-invalid={tin.invalid} data-path="tinTypeId" />
          <Radio size="md" value="2" label={t('farmerApply.tinEin')} aria-invalid={tin.invalid} />
        </Stack>
      </Radio.Group>
      <TextInput
        label={t('farmerApply.taxId')}
        description={
          mode === 'update' && kept ? t('farmerApply.keepBlank', { number: kept.taxId }) : t('farmerApply.taxIdHint')
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk={mode === 'new'}
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        {...field('taxId')}
      />

      {mode === 'update' && kept && (
        <Stack gap="sm">
          <FieldList cols={{ base: 1, sm: 2 }}>
            <ReadOnlyField label={t('farmerApply.routing')} value={kept.routingNumber} />
            <ReadOnlyField label={t('farmerApply.account')} value={kept.accountNumber} />
          </FieldList>
          <Checkbox
            size="md"
            label={t('farmerApply.changeBank')}
            {...form.getInputProps('changeBank', { type: 'checkbox' })}
          />
        </Stack>
      )}

      {showBank && (
        <Stack gap="md">
          <TextInput
            label={t('farmerApply.bankName')}
            maxLength={BANK_NAME_MAX}
            autoComplete="off"
            {...field('bankAccount.bankName')}
          />
          <TextInput
            label={t('farmerApply.routing')}
            description={t('farmerApply.routingHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            maxLength={BANK_ROUTING_MAX}
            {...field('bankAccount.bankRoutingNumber')}
          />
          <TextInput
            label={t('farmerApply.account')}
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            maxLength={BANK_ACCOUNT_MAX}
            {...field('bankAccount.bankAccountNumber')}
          />
          <TextInput
            label={t('farmerApply.confirmAccount')}
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            maxLength={BANK_ACCOUNT_MAX}
            {...field('bankAccount.confirmAccountNumber')}
          />
          <Radio.Group
            label={t('farmerApply.accountType')}
            withAsterisk
            value={type.value}
            onChange={type.onChange}
            error={type.error}
          >
            <Group gap="xl" mt="xs">
              <Radio
                size="md"
                value="0"
                label={t('farmerApply.checking')}
                aria-invalid={type.invalid}
                data-path="bankAccount.bankAccountType"
              />
              <Radio size="md" value="1" label={t('farmerApply.savings')} aria-invalid={type.invalid} />
            </Group>
          </Radio.Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput
                label={t('farmerApply.holderFirst')}
                withAsterisk
                maxLength={NAME_MAX}
                autoComplete="off"
                {...field('bankAccount.firstName')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <TextInput
                label={t('kit.middleInitial')}
                maxLength={MIDDLE_INITIAL_MAX}
                autoComplete="off"
                {...field('bankAccount.middleName')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput
                label={t('farmerApply.holderLast')}
                withAsterisk
                maxLength={NAME_MAX}
                autoComplete="off"
                {...field('bankAccount.lastName')}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}
