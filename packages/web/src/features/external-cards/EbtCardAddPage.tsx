import { EXTERNAL_CARD_MESSAGES } from '@ebt/core/external-cards';
import { EXTERNAL_CARD_NAME_MAX } from '@ebt/core/constants';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { SubmitButton } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { useRecipientPrograms } from '../../lib/lookups';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { selectProps } from '../../lib/select-props';
import { useAttachCard } from './api';
import {
  type AddCardValues,
  addCardRequest,
  EMPTY_ADD_CARD,
  PAN_ENTRY_MAX,
  programChoices,
  refusalOnForm,
  validateAddCard,
} from './card-form';
import { CardTypeBoxes } from './components/CardTypeBoxes';
import { localizedInputProps, useI18n } from '../../lib/i18n';

/**
 * `/recipient/ebtcards/add` (A§2, A§5, A§7): attach a SNAP or WIC card of another issuer to one of the recipient's
 * programs. The rules are core's, checked here and again by the server: 16-19 digits passing Luhn ('Invalid EBT card
 * number.'), a name of 2-35 characters ('Invalid EBT card name.') without a 4-digit run of the number's first 13
 * digits, at least one card type. A number already attached answers 409 'The PAN entered already exists in the
 * system.', shown at the number. Saved: back to the list with 'EBT card added.'.
 */
export default function EbtCardAddPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const programs = useRecipientPrograms();
  const attach = useAttachCard();
  const [refused, setRefused] = useState<string[]>([]);
  const refusedRef = useOutcomeFocus(refused.length ? refused : null);
  const form = useForm<AddCardValues>({
    mode: 'controlled',
    initialValues: EMPTY_ADD_CARD,
    validate: validateAddCard,
  });

  const inputProps = localizedInputProps(form.getInputProps);
  const programOptions = useMemo(() => programChoices(programs.data ?? []), [programs.data]);
  // One program: it is the choice (resolution 25: as soon as the list has loaded).
  const onlyProgram = programOptions.length === 1 ? programOptions[0]!.value : null;
  useEffect(() => {
    if (onlyProgram && !form.getValues().programUuid) form.setFieldValue('programUuid', onlyProgram);
  }, [onlyProgram, form]);

  const handleSubmit = form.onSubmit(async (values) => {
    setRefused([]);
    try {
      await attach.mutateAsync(addCardRequest(values));
      void navigate('/recipient/ebtcards', { replace: true, state: { saved: EXTERNAL_CARD_MESSAGES.CARD_ADDED } });
    } catch (error) {
      const { fields, others } = refusalOnForm(error);
      form.setErrors(fields);
      setRefused(others);
      focusFirstError(form.getInputNode)(fields);
    }
  }, focusFirstError(form.getInputNode));

  return (
    <Page title={t('cards.addEbtCard')}>
      <BackLink to="/recipient/ebtcards">{t('cards.backToCards')}</BackLink>
      {programs.isPending && <LoadingStatus label={t('cards.loadingPrograms')} />}
      <MessageBanner kind="danger" messages={programs.isError ? errorMessagesOf(programs.error) : []} />
      {programs.isSuccess && (
        <form onSubmit={handleSubmit} noValidate aria-label={t('cards.addEbtCard')}>
          <Stack gap="md" maw={560}>
            <MessageBanner ref={refusedRef} kind="danger" messages={refused} />
            <Text fz="sm" c="gray.7">
              {t('common.requiredNote')}
            </Text>
            <TextInput
              label={t('cards.cardNumber')}
              description={t('cards.cardNumberHint')}
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maxLength={PAN_ENTRY_MAX}
              {...inputProps('pan')}
            />
            <TextInput
              label={t('cards.cardName')}
              description={t('cards.cardNameHint')}
              withAsterisk
              maxLength={EXTERNAL_CARD_NAME_MAX}
              {...inputProps('name')}
            />
            <Select
              label={t('benefits.program')}
              withAsterisk
              data={programOptions}
              allowDeselect={false}
              {...selectProps(inputProps('programUuid'))}
            />
            <CardTypeBoxes {...(inputProps('types') as Parameters<typeof CardTypeBoxes>[0])} />
            <SubmitButton loading={attach.isPending}>{t('cards.addCard')}</SubmitButton>
          </Stack>
        </form>
      )}
    </Page>
  );
}
