import type { BankChangeRequest } from '@ebt/core/bank-changes';
import { Button, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DateText } from '../../../components/DateText';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useFarmerBankChange, useRequestBankChange, useWithdrawBankChange } from '../api';
import {
  BANK_CHANGE_FIELDS,
  bankChangeBody,
  type BankChangeValues,
  EMPTY_BANK_CHANGE,
  validateBankChange,
} from '../bank-change-form';

/**
 * The business page's bank change: the request waiting for staff (or the last decided one) with Withdraw, and
 * "Request a change", which opens the form. Nothing changes on the account until staff confirm.
 */
export function FarmerBankChangeSection({ merchantUuid }: { merchantUuid: string }) {
  const { t } = useI18n();
  const latest = useFarmerBankChange(merchantUuid);
  const withdraw = useWithdrawBankChange(merchantUuid);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const request = latest.data?.request ?? null;

  return (
    <Stack gap="sm">
      <FormOutcome success={done} error={withdraw.error} />
      {request && <RequestShown request={request} />}
      {request?.status === 'pending' && (
        <Group>
          <Button
            variant="outline"
            loading={withdraw.isPending}
            onClick={() => withdraw.mutate(request.requestUuid, { onSuccess: (answer) => setDone(answer.message) })}
          >
            {t('bankChange.withdraw')}
          </Button>
        </Group>
      )}
      {open ? (
        <RequestForm
          merchantUuid={merchantUuid}
          onSent={(message) => {
            setOpen(false);
            setDone(message);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <Group>
          <Button
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            {t('bankChange.request')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function RequestShown({ request }: { request: BankChangeRequest }) {
  const { t, m } = useI18n();
  return (
    <Stack gap={4} data-testid="bank-change-request">
      <Text fw={600}>
        {t(`bankChange.status_${request.status}`)} · <DateText value={request.requestedAt} />
      </Text>
      <Text>
        {t('bankChange.newAccount')}: {request.accountNumber} · {t('bankChange.newRouting')}: {request.routingNumber}
      </Text>
      {request.refusalReason && (
        <Text>
          {t('bankChange.reason')}: {m(request.refusalReason)}
        </Text>
      )}
    </Stack>
  );
}

function RequestForm({
  merchantUuid,
  onSent,
  onCancel,
}: {
  merchantUuid: string;
  onSent: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const send = useRequestBankChange(merchantUuid);
  const form = useForm<BankChangeValues>({
    mode: 'controlled',
    initialValues: EMPTY_BANK_CHANGE,
    validate: validateBankChange,
  });
  const field = localizedInputProps(form.getInputProps);
  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync(bankChangeBody(values));
      onSent(t('bankChange.sent'));
    } catch (error) {
      form.setErrors(serverFieldErrors(error, BANK_CHANGE_FIELDS));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={submit} noValidate aria-label={t('bankChange.formTitle')}>
      <Stack gap="sm">
        <Text fw={600}>{t('bankChange.formTitle')}</Text>
        <Text size="sm">{t('bankChange.formIntro')}</Text>
        {send.isError && <MessageBanner kind="danger" messages={errorMessagesOf(send.error)} />}
        <TextInput label={t('bankChange.holderFirst')} required autoComplete="given-name" {...field('firstName')} />
        <TextInput label={t('bankChange.holderLast')} required autoComplete="family-name" {...field('lastName')} />
        <TextInput label={t('bankChange.bankName')} {...field('bankName')} />
        <TextInput
          label={t('bankChange.routing')}
          required
          inputMode="numeric"
          autoComplete="off"
          {...field('bankRoutingNumber')}
        />
        <TextInput
          label={t('bankChange.account')}
          required
          inputMode="numeric"
          autoComplete="off"
          {...field('bankAccountNumber')}
        />
        <TextInput
          label={t('bankChange.confirmAccount')}
          required
          inputMode="numeric"
          autoComplete="off"
          {...field('confirmAccountNumber')}
        />
        <Radio.Group label={t('bankChange.type')} required {...field('bankAccountType')}>
          <Group mt={4}>
            <Radio value="0" label={t('bankChange.type0')} />
            <Radio value="1" label={t('bankChange.type1')} />
          </Group>
        </Radio.Group>
        <Textarea label={t('bankChange.note')} autosize minRows={2} {...field('note')} />
        <Group>
          <SubmitButton loading={send.isPending}>{t('bankChange.send')}</SubmitButton>
          <Button variant="subtle" onClick={onCancel}>
            {t('bankChange.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
