import { EXTERNAL_CARD_NAME_MAX } from '@ebt/core/constants';
import { EXTERNAL_CARD_MESSAGES, ExternalCardParams, type ExternalCard } from '@ebt/core/external-cards';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../components/confirm-action';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MaskedPan } from '../../components/MaskedPan';
import { MessageBanner } from '../../components/MessageBanner';
import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { useDeleteCard, useOwnCard, useUpdateCard } from './api';
import { editCardRequest, editValuesOf, type EditCardValues, refusalOnForm, validateEditCard } from './card-form';
import { CardTypeBoxes } from './components/CardTypeBoxes';
import { localizedInputProps, useI18n } from '../../lib/i18n';

/**
 * `/recipient/ebtcard/{id}` (A§2, A§4, A§7): one of the recipient's cards. The number (masked) and the program are
 * shown; the name, the card type and the active flag (status 1, otherwise 2) are changed and saved with
 * externalCardApi.update; Delete asks 'Are you sure you want to delete this PAN?' first. Either returns
 * to the list with its outcome. A card that is not the recipient's reads as not found.
 */
export default function EbtCardEditPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const valid = ExternalCardParams.safeParse({ id }).success;
  const card = useOwnCard(id, valid);

  if (!valid || isApiError(card.error, 404) || isApiError(card.error, 400)) {
    return (
      <Page title={t('cards.notFound')}>
        <BackLink to="/recipient/ebtcards">{t('cards.backToCards')}</BackLink>
        <MessageBanner kind="warning" messages={EXTERNAL_CARD_MESSAGES.CARD_NOT_FOUND} />
      </Page>
    );
  }
  if (card.isError) {
    return (
      <Page title={t('cards.editEbtCard')}>
        <BackLink to="/recipient/ebtcards">{t('cards.backToCards')}</BackLink>
        <MessageBanner kind="danger" messages={errorMessagesOf(card.error)} />
      </Page>
    );
  }
  if (card.isPending) {
    return (
      <Page title={t('cards.editEbtCard')}>
        <BackLink to="/recipient/ebtcards">{t('cards.backToCards')}</BackLink>
        <LoadingStatus label={t('cards.loadingOne')} />
      </Page>
    );
  }
  return <EditCardForm card={card.data} />;
}

function EditCardForm({ card }: { card: ExternalCard }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const update = useUpdateCard(card.externalPanId);
  const remove = useDeleteCard(card.externalPanId);
  const [refused, setRefused] = useState<string[]>([]);
  const refusedRef = useOutcomeFocus(refused.length ? refused : null);
  const form = useForm<EditCardValues>({
    mode: 'controlled',
    initialValues: editValuesOf(card),
    validate: validateEditCard(card),
  });

  const showRefusal = (error: unknown) => {
    const { fields, others } = refusalOnForm(error);
    form.setErrors(fields);
    setRefused(others);
    focusFirstError(form.getInputNode)(fields);
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setRefused([]);
    try {
      await update.mutateAsync(editCardRequest(values, card));
      void navigate('/recipient/ebtcards', { replace: true, state: { saved: EXTERNAL_CARD_MESSAGES.CARD_UPDATED } });
    } catch (error) {
      showRefusal(error);
    }
  }, focusFirstError(form.getInputNode));

  const askDelete = () =>
    confirmAction({
      message: EXTERNAL_CARD_MESSAGES.CONFIRM_DELETE,
      confirmLabel: t('common.delete'),
      danger: true,
      onConfirm: () => {
        setRefused([]);
        remove.mutate(undefined, {
          onSuccess: () =>
            void navigate('/recipient/ebtcards', {
              replace: true,
              state: { saved: EXTERNAL_CARD_MESSAGES.CARD_DELETED },
            }),
          onError: (error) => setRefused(errorMessagesOf(error)),
        });
      },
    });

  return (
    <Page title={t('cards.editEbtCard')}>
      <BackLink to="/recipient/ebtcards">{t('cards.backToCards')}</BackLink>
      <MessageBanner ref={refusedRef} kind="danger" messages={refused} />
      <FieldList cols={{ base: 1, sm: 2 }}>
        <ReadOnlyField label={t('cards.cardNumber')} value={<MaskedPan pan={card.pan} />} />
        <ReadOnlyField label={t('benefits.program')} value={card.programName} />
      </FieldList>
      <form onSubmit={handleSubmit} noValidate aria-label={t('cards.editEbtCard')}>
        <Stack gap="md" maw={560}>
          <Text fz="sm" c="gray.7">
            {t('common.requiredNote')}
          </Text>
          <TextInput
            label={t('cards.cardName')}
            description={t('cards.cardNameHint')}
            withAsterisk
            maxLength={EXTERNAL_CARD_NAME_MAX}
            {...localizedInputProps(form.getInputProps)('name')}
          />
          <CardTypeBoxes
            {...(localizedInputProps(form.getInputProps)('types') as Parameters<typeof CardTypeBoxes>[0])}
          />
          <Checkbox
            label={t('cards.externalActive')}
            description={t('cards.inactiveHint')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <Group justify="space-between">
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrash aria-hidden size={18} />}
              loading={remove.isPending}
              onClick={askDelete}
            >
              {t('common.delete')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('cards.updateCard')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
