import { CITY_MAX } from '@ebt/core/constants';
import { CROPS_MAX, FARMER_MARKETS_MAX, MARKET_NAME_MAX, MARKET_WHEN_MAX } from '@ebt/core/farmer-applications';
import { Button, Checkbox, Fieldset, Grid, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { AddressFields, type AddressField } from '../../../components/AddressFields';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { newMarket } from '../application-form';
import { GROUP_LEGEND_STYLES, RequiredMark } from './group-parts';
import type { StepProps } from './step-props';
import { useFocusRequest } from './use-focus-request';

const ADDRESS_NAMES: Record<AddressField, string> = {
  address1: 'addressOne',
  address2: 'addressTwo',
  city: 'city',
  state: 'stateCode',
  zipcode: 'zipcode',
};

/** Step 3: the farm's address, the mailing address (the farm's unless told), the markets where they sell, the crops. */
export function FarmStep({ form }: StepProps) {
  const { t, m } = useI18n();
  const field = localizedInputProps(form.getInputProps);
  const values = form.getValues();
  const marketsRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusRequest();
  const marketsError = form.errors.markets;

  const nameInput = (index: number) =>
    marketsRef.current?.querySelector<HTMLInputElement>(`[data-path="markets.${index}.name"]`);

  const addMarket = () => {
    form.insertListItem('markets', newMarket());
    const index = values.markets.length;
    focusLater(() => nameInput(index));
  };
  const removeMarket = (index: number) => {
    form.removeListItem('markets', index);
    // The focus goes to the row that took its place, or to the row before, never to the page.
    const next = Math.min(index, values.markets.length - 2);
    focusLater(() => nameInput(next) ?? addRef.current);
  };

  return (
    <>
      <Text fz="sm" c="dimmed">
        {t('common.requiredNote')}
      </Text>
      <AddressFields
        legend={t('farmerApply.farmAddress')}
        inputProps={(name) => field(`farmAddress.${ADDRESS_NAMES[name]}`)}
      />
      <Checkbox
        size="md"
        label={t('farmerApply.mailingSame')}
        {...form.getInputProps('mailingSame', { type: 'checkbox' })}
      />
      {!values.mailingSame && (
        <AddressFields
          legend={t('farmerApply.mailingAddress')}
          inputProps={(name) => field(`mailingAddress.${ADDRESS_NAMES[name]}`)}
        />
      )}

      <Fieldset
        variant="unstyled"
        styles={GROUP_LEGEND_STYLES}
        legend={
          <>
            {t('farmerApply.markets')}
            <RequiredMark />
          </>
        }
      >
        <Stack gap="md" ref={marketsRef}>
          <Text fz="sm">{t('farmerApply.marketsHint')}</Text>
          {values.markets.map((market, index) => (
            <Paper key={market.key} withBorder p="sm" radius="md">
              <Fieldset
                variant="unstyled"
                styles={GROUP_LEGEND_STYLES}
                legend={t('farmerApply.marketNumber', { number: index + 1 })}
              >
                <Grid gap="sm">
                  <Grid.Col span={12}>
                    <TextInput
                      label={t('farmerApply.marketName')}
                      withAsterisk
                      maxLength={MARKET_NAME_MAX}
                      autoComplete="off"
                      {...field(`markets.${index}.name`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('farmerApply.marketCity')}
                      maxLength={CITY_MAX}
                      autoComplete="off"
                      {...field(`markets.${index}.city`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('farmerApply.marketWhen')}
                      description={t('farmerApply.marketWhenHint')}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      maxLength={MARKET_WHEN_MAX}
                      autoComplete="off"
                      {...field(`markets.${index}.when`)}
                    />
                  </Grid.Col>
                </Grid>
                {values.markets.length > 1 && (
                  <Group justify="flex-end" mt="sm">
                    <Button
                      variant="subtle"
                      color="red.9"
                      leftSection={<IconTrash size={18} aria-hidden />}
                      onClick={() => removeMarket(index)}
                    >
                      {t('farmerApply.removeMarket', { number: index + 1 })}
                    </Button>
                  </Group>
                )}
              </Fieldset>
            </Paper>
          ))}
          {marketsError && (
            <Text fz="sm" c="var(--mantine-color-error)">
              {m(String(marketsError))}
            </Text>
          )}
          {values.markets.length < FARMER_MARKETS_MAX && (
            <Group>
              <Button
                ref={addRef}
                variant="light"
                size="md"
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={addMarket}
              >
                {t('farmerApply.addMarket')}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>

      <Textarea
        label={t('farmerApply.crops')}
        description={t('farmerApply.cropsHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        autosize
        minRows={3}
        maxLength={CROPS_MAX}
        {...field('crops')}
      />
    </>
  );
}
