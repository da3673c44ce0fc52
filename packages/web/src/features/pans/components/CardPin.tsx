import { PAN_STATUS } from '@ebt/core/enums';
import { displayDate } from '@ebt/core/format';
import type { RecipientCard } from '@ebt/core/pans';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useState, type ChangeEvent } from 'react';
import { Dialog } from '../../../components/Dialog';
import { SubmitButton } from '../../../components/FormOutcome';
import { MessageBanner } from '../../../components/MessageBanner';
import { isApiError } from '../../../lib/api-client';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useSetCardPin } from '../api';
import { EMPTY_PIN_FORM, pinBodyOf, pinDigits, validatePinForm, type PinFormValues } from '../pin-form';

// Card PINs on the recipient's card list (docs/security.md "Card PINs"): whether the card has a PIN and since when,
// the too-many-wrong-PINs notice, and Set PIN / Change PIN opening the form in a dialog.

const FIELDS = ['pin', 'confirmPin', 'currentPassword'] as const;

/**
 * The PIN form of one card: the PIN twice (digits only, masked, numeric keypad, never remembered by the browser) and,
 * when the card has a PIN, the user's password. Errors show at their fields, the first taking the focus; other
 * refusals above the form. `onSaved` gets the server's message.
 */
export function PinForm({
  card,
  onSaved,
  onCancel,
}: {
  card: RecipientCard;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const save = useSetCardPin();
  const changing = card.pinSet;
  const [refused, setRefused] = useState<unknown>(null);
  const form = useForm<PinFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_PIN_FORM,
    validate: validatePinForm(card.last4, changing),
  });
  // Mantine marks a PasswordInput in error with data-invalid only: aria-invalid too, for assistive technology.
  const inputProps = (field: (typeof FIELDS)[number]) => {
    const props = localizedInputProps(form.getInputProps)(field);
    return { ...props, 'aria-invalid': Boolean(props.error) };
  };
  const digitsProps = (field: 'pin' | 'confirmPin') => {
    const props = inputProps(field);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        form.setFieldValue(field, pinDigits(event.currentTarget.value)),
    };
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setRefused(null);
    try {
      const answer = await save.mutateAsync({ panId: card.panId, body: pinBodyOf(values, changing) });
      onSaved(answer.message);
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0 || isApiError(error, 429)) setRefused(error);
      focusFirstError(form.getInputNode)(fields);
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={changing ? t('pin.change') : t('pin.set')}>
      <Stack gap="md">
        <MessageBanner kind="danger" messages={refused ? errorMessagesOf(refused) : []} />
        <Text fz="sm">{t('pin.intro')}</Text>
        <PasswordInput
          label={t('pin.newPin')}
          description={t('pin.pinHint')}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          data-autofocus
          {...digitsProps('pin')}
        />
        <PasswordInput
          label={t('pin.confirmPin')}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          {...digitsProps('confirmPin')}
        />
        {changing && (
          <PasswordInput
            label={t('pin.currentPassword')}
            description={t('pin.currentPasswordHint')}
            withAsterisk
            autoComplete="current-password"
            {...inputProps('currentPassword')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <SubmitButton loading={save.isPending}>{t('pin.save')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** 'PIN set on …' or 'No PIN yet', with the too-many-wrong-PINs notice when the card refuses PIN calls today. */
function PinState({ card }: { card: RecipientCard }) {
  const { t, locale } = useI18n();
  const date = card.pinSetAt ? (displayDate(card.pinSetAt, 'date', undefined, locale)?.text ?? '') : '';
  return (
    <>
      <Text fz="sm" data-testid="pin-state">
        {card.pinSet ? t('pin.setOn', { date }) : t('pin.none')}
      </Text>
      {card.pinTriesExceeded && <MessageBanner kind="warning" messages={t('pin.triesExceeded')} />}
    </>
  );
}

/** A card's PIN on the recipient's card list: its state, and Set PIN / Change PIN for an Active card. */
export function CardPin({ card }: { card: RecipientCard }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const savedRef = useOutcomeFocus(saved);
  if (card.panStatusId !== PAN_STATUS.ACTIVE) return null;
  const title = t(card.pinSet ? 'pin.changeTitle' : 'pin.setTitle', { last4: card.last4 });
  return (
    <Stack gap="xs">
      <PinState card={card} />
      <MessageBanner ref={savedRef} kind="success" messages={saved ?? []} />
      <Group>
        <Button
          variant="outline"
          leftSection={<IconKey aria-hidden size={18} />}
          onClick={() => {
            setSaved(null);
            setOpen(true);
          }}
        >
          {card.pinSet ? t('pin.change') : t('pin.set')}
        </Button>
      </Group>
      <Dialog opened={open} onClose={() => setOpen(false)} title={title}>
        {open && (
          <PinForm
            card={card}
            onCancel={() => setOpen(false)}
            onSaved={(message) => {
              setOpen(false);
              setSaved(message);
            }}
          />
        )}
      </Dialog>
    </Stack>
  );
}
