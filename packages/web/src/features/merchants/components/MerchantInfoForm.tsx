import { MERCHANT_MESSAGES, type MerchantDetail } from '@ebt/core/merchants';
import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { focusFirstError } from '../../../lib/form-focus';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useUpdateMerchant } from '../api';
import {
  EMPTY_MERCHANT_FORM,
  merchantFormOf,
  merchantUpdateFields,
  sameMerchantForm,
  validateMerchantForm,
  type MerchantFormValues,
} from '../merchant-form';
import { MerchantFields } from './MerchantFields';

/** The fields a refusal may name (`errorMessages[].field`, e.g. 409 on merchantIdentifier). */
const FIELDS = Object.keys(EMPTY_MERCHANT_FORM);

/**
 * The merchant info form of the detail screen (B§2, B§5): Update is enabled only after a change and with
 * MERCHANT_UPDATE, and saves the whole form (merchantApi.update) with 'Merchant Info Updated.'; a taken
 * Merchant ID shows 'Merchant ID already exists.' at its field. The tax fields show only with BANK_VIEW.
 */
export function MerchantInfoForm({
  merchant,
  canUpdate,
  bankView,
}: {
  merchant: MerchantDetail;
  canUpdate: boolean;
  bankView: boolean;
}) {
  const update = useUpdateMerchant();
  const [saved, setSaved] = useState<MerchantFormValues>(() => merchantFormOf(merchant));
  const [success, setSuccess] = useState<string | null>(null);
  const validate = useMemo(() => validateMerchantForm(bankView), [bankView]);
  const form = useForm<MerchantFormValues>({
    mode: 'controlled',
    initialValues: saved,
    validate,
    onValuesChange: () => setSuccess(null),
  });
  const changed = !sameMerchantForm(form.values, saved);

  // A status change or a bank save answers the merchant again: untouched fields take the stored values, and a change
  // in progress is kept.
  const loaded = merchantFormOf(merchant);
  const loadedKey = JSON.stringify(loaded);
  useEffect(() => {
    if (sameMerchantForm(loaded, saved)) return;
    if (!changed) form.setValues(loaded);
    setSaved(loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedKey]);

  const handleSubmit = form.onSubmit(async (values) => {
    setSuccess(null);
    try {
      await update.mutateAsync({ merchantUuid: merchant.merchantUuid, ...merchantUpdateFields(values, bankView) });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
      return;
    }
    // A new tax id is stored; the field empties again and the refreshed merchant shows it masked.
    const next = { ...values, taxId: '' };
    setSaved(next);
    form.setValues(next);
    form.resetDirty(next);
    setSuccess(MERCHANT_MESSAGES.MERCHANT_INFO_UPDATED);
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Merchant info">
      <Stack gap="lg">
        <FormOutcome success={success} error={update.isError ? update.error : null} />
        {!canUpdate && (
          <Text fz="sm" c="gray.7">
            You can view this merchant; changing it needs the Update Merchant privilege.
          </Text>
        )}
        <MerchantFields form={form} bankView={bankView} maskedTaxId={merchant.taxId} disabled={!canUpdate} />
        <SubmitButton disabled={!changed || !canUpdate} loading={update.isPending}>
          Update
        </SubmitButton>
      </Stack>
    </form>
  );
}
