import { BANK_ACCOUNT_TYPE_LABEL, type BankAccountType } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import type { MerchantDetail } from '@ebt/core/merchants';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { personName } from '../../../lib/person';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useRevealBankInfo, useUpdateBankInfo } from '../api';
import {
  EMPTY_BANK,
  merchantBankFields,
  merchantBankOf,
  validateMerchantBank,
  type MerchantBankValues,
} from '../merchant-form';
import { BankFields } from './BankFields';

const FIELDS = Object.keys(EMPTY_BANK);

/**
 * The bank info of the detail screen (B§2, B§5; BANK_VIEW only, the page renders nothing of it otherwise). The stored
 * numbers show masked (`****1234`); Edit reads them in clear (GET …/bank-info, which the server audits) and opens the
 * form; Save sends merchantApi.saveBankInfo, 'Merchant Bank Info Updated.'. Both need BANK_VIEW alone, as the server
 * decides (decision 0022), so the section offers Edit to everyone who sees it.
 */
export function MerchantBankSection({ merchant }: { merchant: MerchantDetail }) {
  const info = merchant.bankAccountInfo;
  const reveal = useRevealBankInfo();
  const save = useUpdateBankInfo();
  const [editing, setEditing] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes when the view changes under it: the form's first field, or back to Edit after Cancel. */
  const [focusTarget, setFocusTarget] = useState<'form' | 'edit' | null>(null);
  const form = useForm<MerchantBankValues>({
    mode: 'controlled',
    initialValues: EMPTY_BANK,
    validate: validateMerchantBank,
    onValuesChange: () => setSuccess(null),
  });

  useEffect(() => {
    if (focusTarget === 'form') form.getInputNode('bankName')?.focus();
    if (focusTarget === 'edit') editButton.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTarget, editing]);

  const startEdit = async () => {
    setSuccess(null);
    save.reset();
    let values = merchantBankOf(info);
    // Only stored numbers need reading in clear; a merchant without bank info starts from an empty form.
    if (info) {
      try {
        const clear = await reveal.mutateAsync(merchant.merchantUuid);
        values = {
          ...values,
          bankAccountNumber: clear.bankAccountNumber ?? '',
          bankRoutingNumber: clear.bankRoutingNumber ?? '',
        };
      } catch {
        return; // the banner below says why
      }
    }
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setEditing(true);
    setFocusTarget('form');
  };

  const cancel = () => {
    // The clear numbers leave the page with the form.
    form.setValues(EMPTY_BANK);
    reveal.reset();
    setEditing(false);
    setFocusTarget('edit');
  };

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ merchantUuid: merchant.merchantUuid, ...merchantBankFields(values) });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
      return;
    }
    form.setValues(EMPTY_BANK);
    reveal.reset();
    setEditing(false);
    setFocusTarget(null); // the success message takes focus
    setSuccess(MESSAGES.MERCHANT_BANK_INFO_UPDATED);
  }, focusFirstError(form.getInputNode));

  const revealError = reveal.isError ? errorMessagesOf(reveal.error) : [];

  if (!editing) {
    return (
      <Stack gap="md">
        <FormOutcome success={success} error={null} />
        <MessageBanner kind="danger" messages={revealError} />
        {info ? (
          <FieldList cols={{ base: 1, sm: 2, lg: 3 }}>
            <ReadOnlyField label="Bank name" value={info.bankName} />
            <ReadOnlyField label="Account number" value={info.bankAccountNumber} />
            <ReadOnlyField label="Routing number" value={info.bankRoutingNumber} />
            <ReadOnlyField
              label="Account type"
              value={
                info.bankAccountType === null ? null : BANK_ACCOUNT_TYPE_LABEL[info.bankAccountType as BankAccountType]
              }
            />
            <ReadOnlyField
              label="Account holder"
              value={personName({
                firstname: info.firstName ?? '',
                middlename: info.middleName,
                lastname: info.lastName ?? '',
              })}
            />
          </FieldList>
        ) : (
          <Text>No bank information is stored for this merchant.</Text>
        )}
        <Group>
          <Button
            ref={editButton}
            variant="default"
            leftSection={<IconPencil aria-hidden size={18} />}
            loading={reveal.isPending}
            onClick={() => void startEdit()}
          >
            {info ? 'Edit' : 'Add bank information'}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Bank info">
      <Stack gap="lg">
        <FormOutcome success={null} error={save.isError ? save.error : null} />
        <BankFields inputProps={(name) => form.getInputProps(name)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={save.isPending}>
            Cancel
          </Button>
          <SubmitButton loading={save.isPending}>Save bank info</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
