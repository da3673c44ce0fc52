import {
  CONFIRMATION_CODE_LENGTH,
  ConfirmationBody,
  ConfirmBody,
  FARMER_APPLICATION_MESSAGES as M,
} from '@ebt/core/farmer-applications';
import { dataMessage } from '@ebt/core/messages';
import { Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ContactFields } from '../../../components/ContactFields';
import { FieldList, ReadOnlyField } from '../../../components/Field';
import { MessageBanner } from '../../../components/MessageBanner';
import { isApiError } from '../../../lib/api-client';
import { errorMessagesOf } from '../../../lib/errors';
import { formCheck } from '../../../lib/form-check';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useConfirmCodes, useSendCodes } from '../api';
import type { ApplicationValues } from '../application-form';
import { RESEND_WAIT_MS, type Confirmation } from '../contact-confirmation';
import type { StepProps } from './step-props';
import { firstInvalid, useFocusRequest } from './use-focus-request';

const checkContact = formCheck(ConfirmationBody, (values: ApplicationValues) => ({
  email: values.email,
  mobilePhone: values.mobilePhone,
}));
const checkCodes = formCheck(ConfirmBody, (values: ApplicationValues) => ({
  emailCode: values.emailCode,
  mobileCode: values.mobileCode,
}));

interface ContactStepProps extends StepProps {
  confirmation: Confirmation | null;
  onConfirmation: (confirmation: Confirmation | null) => void;
}

/**
 * Step 2: the e-mail and mobile phone, confirmed with a code sent to each ('Send codes', then both codes and
 * 'Confirm'). The farmer may go on while the codes come; submitting needs them confirmed, and changing either after
 * confirming asks for new codes. A completed application keeps the contact as confirmed: shown, not edited.
 */
export function ContactStep(props: ContactStepProps) {
  const { t } = useI18n();
  if (props.mode === 'update') {
    const values = props.form.getValues();
    return (
      <Stack gap="md">
        <FieldList cols={{ base: 1, sm: 2 }}>
          <ReadOnlyField label={t('kit.email')} value={values.email} />
          <ReadOnlyField label={t('kit.mobilePhone')} value={values.mobilePhone} />
        </FieldList>
        <Text>{t('farmerApply.contactKept')}</Text>
      </Stack>
    );
  }
  return <NewContact {...props} />;
}

function NewContact({ form, context, confirmation, onConfirmation }: ContactStepProps) {
  const { t, language } = useI18n();
  const field = localizedInputProps(form.getInputProps);
  const sendCodes = useSendCodes();
  const confirmCodes = useConfirmCodes();
  const [problem, setProblem] = useState<string[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const areaRef = useRef<HTMLDivElement>(null);
  const emailCodeRef = useRef<HTMLInputElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const confirmedRef = useRef<HTMLDivElement>(null);
  const focusLater = useFocusRequest();
  const state = context.contact ?? 'none';

  // 'Send new codes' waits a moment after codes were sent.
  const resendAt = confirmation?.resendAt ?? 0;
  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = window.setTimeout(() => setNow(Date.now()), resendAt - Date.now() + 50);
    return () => window.clearTimeout(timer);
  }, [resendAt]);
  const mayResend = state !== 'sent' || resendAt <= now;

  const showFieldErrors = (errors: Record<string, string>) => {
    form.setErrors({ ...form.errors, ...errors });
    focusLater(() => firstInvalid(areaRef.current));
  };

  const send = async () => {
    const values = form.getValues();
    const errors = checkContact(values);
    setProblem([]);
    if (Object.keys(errors).length > 0) {
      showFieldErrors(errors);
      return;
    }
    try {
      const sent = await sendCodes.mutateAsync({
        email: values.email.trim(),
        mobilePhone: values.mobilePhone.trim(),
        language,
      });
      onConfirmation({
        confirmationId: sent.confirmationId,
        email: values.email,
        mobilePhone: values.mobilePhone,
        emailSentTo: sent.emailSentTo,
        mobileSentTo: sent.mobileSentTo,
        resendAt: Date.now() + RESEND_WAIT_MS,
        confirmed: false,
      });
      setNow(Date.now());
      form.setFieldValue('emailCode', '');
      form.setFieldValue('mobileCode', '');
      focusLater(() => emailCodeRef.current);
    } catch (error) {
      const fields = serverFieldErrors(error, ['email', 'mobilePhone']);
      if (Object.keys(fields).length > 0) showFieldErrors(fields);
      else {
        setProblem(errorMessagesOf(error));
        focusLater(() => problemRef.current);
      }
    }
  };

  const confirm = async () => {
    if (!confirmation) return;
    const values = form.getValues();
    const errors = checkCodes(values);
    setProblem([]);
    if (Object.keys(errors).length > 0) {
      showFieldErrors(errors);
      return;
    }
    try {
      await confirmCodes.mutateAsync({
        confirmationId: confirmation.confirmationId,
        body: ConfirmBody.parse({ emailCode: values.emailCode, mobileCode: values.mobileCode }),
      });
      onConfirmation({ ...confirmation, confirmed: true });
      focusLater(() => confirmedRef.current);
    } catch (error) {
      if (isApiError(error, 409) || isApiError(error, 404)) {
        // Expired or used up: new codes may be asked for at once.
        onConfirmation({ ...confirmation, resendAt: 0 });
        setProblem(isApiError(error, 404) ? [M.CODE_EXPIRED] : errorMessagesOf(error, M.CODE_EXPIRED));
        focusLater(() => problemRef.current);
        return;
      }
      const fields = serverFieldErrors(error, ['emailCode', 'mobileCode']);
      if (Object.keys(fields).length > 0) showFieldErrors(fields);
      else {
        setProblem(errorMessagesOf(error, M.CODE_WRONG));
        focusLater(() => problemRef.current);
      }
    }
  };

  // Enter in a code field confirms (the step's own Enter would go on to the next step).
  const confirmOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void confirm();
  };

  return (
    <Stack gap="lg" ref={areaRef}>
      <Text>{t('farmerApply.contactIntro')}</Text>
      <ContactFields personal inputProps={(name) => field(name === 'phone' ? 'mobilePhone' : name)} />

      {state === 'confirmed' && <MessageBanner ref={confirmedRef} kind="success" messages={M.CONTACT_CONFIRMED} />}
      {state === 'changed' && <MessageBanner kind="warning" messages={M.CONTACT_CHANGED} />}
      {state === 'sent' && confirmation && (
        <MessageBanner
          kind="info"
          messages={dataMessage(M.CODES_SENT, { email: confirmation.emailSentTo, mobile: confirmation.mobileSentTo })}
        />
      )}
      <MessageBanner ref={problemRef} kind="danger" messages={problem} />

      {state === 'sent' && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              ref={emailCodeRef}
              label={t('farmerApply.emailCode')}
              withAsterisk
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CONFIRMATION_CODE_LENGTH}
              onKeyDown={confirmOnEnter}
              {...field('emailCode')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('farmerApply.mobileCode')}
              withAsterisk
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CONFIRMATION_CODE_LENGTH}
              onKeyDown={confirmOnEnter}
              {...field('mobileCode')}
            />
          </Grid.Col>
        </Grid>
      )}

      {state !== 'confirmed' && (
        <Stack gap="xs">
          <Group gap="sm">
            {state === 'sent' && (
              <Button size="md" onClick={() => void confirm()} loading={confirmCodes.isPending}>
                {t('farmerApply.confirmCodes')}
              </Button>
            )}
            <Button
              size="md"
              variant={state === 'sent' ? 'default' : 'filled'}
              onClick={() => void send()}
              loading={sendCodes.isPending}
              disabled={!mayResend}
            >
              {state === 'sent' ? t('farmerApply.resendCodes') : t('farmerApply.sendCodes')}
            </Button>
          </Group>
          {state === 'sent' && !mayResend && (
            <Text fz="sm" c="dimmed">
              {t('farmerApply.resendWait', { seconds: RESEND_WAIT_MS / 1000 })}
            </Text>
          )}
          <Text fz="sm" c="dimmed">
            {t('farmerApply.goOnWhileWaiting')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
