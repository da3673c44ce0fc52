import { isAccountEditable } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { RECIPIENT_MESSAGES, RecipientFormValues, type RecipientAccount } from '@ebt/core/recipients';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { MessageBanner } from '../../../components/MessageBanner';
import { focusFirstError } from '../../../lib/form-focus';
import { useUpdateRecipient } from '../api';
import { RecipientFields } from '../components/RecipientFields';
import {
  EMPTY_RECIPIENT_FIELDS,
  recipientFieldsBody,
  recipientFieldsOf,
  sameRecipientFields,
  type RecipientFieldValues,
} from '../components/recipient-values';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { formCheck } from '../../../lib/form-check';

const validate = formCheck(RecipientFormValues, (values: RecipientFieldValues) => values);
const FIELDS = Object.keys(EMPTY_RECIPIENT_FIELDS);

/**
 * The recipient edit form of the detail screen (A§2, A§5): the same fields as Add; Update is enabled only after a
 * change and saves every field (recipientApi.update), 'Recipient updated.' on success, 'Email already exists.'
 * at the e-mail field on 409. Accounts of type 1 are managed elsewhere: the form is disabled (A§4).
 */
export function RecipientEditForm({ account }: { account: RecipientAccount }) {
  const update = useUpdateRecipient();
  const editable = isAccountEditable(account.accountTypeId);
  const [saved, setSaved] = useState<RecipientFieldValues>(() => recipientFieldsOf(account));
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<RecipientFieldValues>({
    mode: 'controlled',
    initialValues: saved,
    validate,
    onValuesChange: () => setSuccess(null),
  });
  const changed = !sameRecipientFields(form.values, saved);

  // Another action on the page (a move, a status change) answers the account again; fields the person has not
  // touched take the stored values, and a change in progress is kept.
  const loaded = recipientFieldsOf(account);
  const loadedKey = JSON.stringify(loaded);
  useEffect(() => {
    if (sameRecipientFields(loaded, saved)) return;
    if (!changed) form.setValues(loaded);
    setSaved(loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedKey]);

  const handleSubmit = form.onSubmit(async (values) => {
    setSuccess(null);
    try {
      const answer = await update.mutateAsync({ accountUuid: account.accountUuid, ...recipientFieldsBody(values) });
      const next = recipientFieldsOf(answer);
      setSaved(next);
      form.setValues(next);
      form.resetDirty(next);
      setSuccess(MESSAGES.RECIPIENT_UPDATED);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Recipient details">
      <Stack gap="lg">
        {!editable && <MessageBanner kind="info" messages={RECIPIENT_MESSAGES.ACCOUNT_READ_ONLY_NOTE} />}
        <FormOutcome success={success} error={update.isError ? update.error : null} />
        <RecipientFields form={form} disabled={!editable} />
        {editable && (
          <SubmitButton disabled={!changed} loading={update.isPending}>
            Update
          </SubmitButton>
        )}
      </Stack>
    </form>
  );
}
