import type { BenefitDetail } from '@ebt/core/benefits';
import { AUTHORIZATION_NUMBER_MAX, BENEFIT_AMOUNT_MAX_LENGTH, BENEFIT_NOTE_MAX, MIN_DATES } from '@ebt/core/constants';
import { formatMoney } from '@ebt/core/format';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { DateField } from '../../../components/DateField';
import { useFundingSources } from '../../../lib/lookups';
import { useBenefitOptionType, useUpdateBenefit } from '../api';
import { checkEdit, editValuesOf, updateRequest, type EditField, type EditFormValues } from '../edit-form';

const FIELD_ORDER: EditField[] = [
  'benefitAuthorizationNumber',
  'benefitBalance',
  'benefitAvailableDate',
  'benefitExpirationDate',
  'fundingId',
  'benefitOptionId',
  'notifiedRecipient',
  'note',
];

/**
 * Changes an ISSUED benefit (A§5 "Edit", A§7 PUT): balance 0 to the benefit's maximum, dates from 2022-02-01,
 * authorization number, funding source, option, note and the 'notified' box (unticking it sends the notification
 * again, A§4). The page keys this form by the benefit's lastUpdatedDate, so a saved or reloaded benefit starts it
 * afresh; outcomes are the page's to show.
 */
export function BenefitEditForm({
  benefit,
  onSaved,
  onFailed,
  onStarted,
}: {
  benefit: BenefitDetail;
  onSaved: (saved: BenefitDetail) => void;
  onFailed: (error: unknown) => void;
  onStarted: () => void;
}) {
  const form = useForm<EditFormValues>({ mode: 'controlled', initialValues: editValuesOf(benefit) });
  const update = useUpdateBenefit();
  const funding = useFundingSources(benefit.programUuid);
  const optionType = useBenefitOptionType(benefit.benefitOptionTypeId);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStarted();
    const values = form.getValues();
    const errors = checkEdit(values, benefit);
    form.setErrors(errors);
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) {
      form.getInputNode(first)?.focus();
      return;
    }
    try {
      onSaved(await update.mutateAsync(updateRequest(values, benefit)));
    } catch (error) {
      onFailed(error);
    }
  };

  // The current funding source stays choosable even when the look-up fails or no longer lists it.
  const fundingOptions = (funding.data ?? []).map((f) => ({ value: String(f.fundingId), label: f.name }));
  if (benefit.fundingId !== null && !fundingOptions.some((o) => o.value === String(benefit.fundingId))) {
    fundingOptions.unshift({
      value: String(benefit.fundingId),
      label: benefit.fundingName ?? `Funding source ${benefit.fundingId}`,
    });
  }
  const optionOptions = (optionType.data?.options ?? []).map((o) => ({ value: String(o.optionId), label: o.descr }));
  const dirty = form.isDirty();

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Edit benefit">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Authorization Number"
            withAsterisk
            maxLength={AUTHORIZATION_NUMBER_MAX}
            autoComplete="off"
            {...form.getInputProps('benefitAuthorizationNumber')}
          />
          <TextInput
            label="Balance"
            withAsterisk
            inputMode="decimal"
            maxLength={BENEFIT_AMOUNT_MAX_LENGTH}
            leftSection={<span aria-hidden>$</span>}
            description={`From $0.00 to ${formatMoney(benefit.maxBenefitAmount)}.`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('benefitBalance')}
          />
          <DateField
            label="Available date"
            withAsterisk
            min={MIN_DATES.benefitEdit}
            {...form.getInputProps('benefitAvailableDate')}
          />
          <DateField
            label="Expiration date"
            withAsterisk
            min={MIN_DATES.benefitEdit}
            {...form.getInputProps('benefitExpirationDate')}
          />
          <Select
            label="Funding source"
            data={fundingOptions}
            allowDeselect={false}
            {...form.getInputProps('fundingId')}
            value={form.values.fundingId || null}
            onChange={(value) => form.setFieldValue('fundingId', value ?? '')}
          />
          {benefit.benefitOptionTypeId !== null && (
            <Select
              label={optionType.data?.benefitOptionType.name ?? 'Benefit option'}
              withAsterisk
              data={optionOptions}
              allowDeselect={false}
              {...form.getInputProps('benefitOptionId')}
              value={form.values.benefitOptionId || null}
              onChange={(value) => form.setFieldValue('benefitOptionId', value ?? '')}
            />
          )}
        </SimpleGrid>
        {benefit.enableBenefitNote && (
          <Textarea label="Note" maxLength={BENEFIT_NOTE_MAX} autosize minRows={2} {...form.getInputProps('note')} />
        )}
        <Checkbox
          label="Recipient notified"
          description="Untick to send the benefit notification to the recipient again."
          {...form.getInputProps('notifiedRecipient', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" disabled={!dirty || update.isPending} onClick={() => form.reset()}>
            Undo changes
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!dirty}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
