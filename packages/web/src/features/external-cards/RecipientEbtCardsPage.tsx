import { EXTERNAL_CARD_MESSAGES, ExternalCardAccountParams } from '@ebt/core/external-cards';
import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { personName } from '../../lib/person';
import type { StaffBase } from '../../lib/staff-base';
import { useAccountCards, useCardHolder } from './api';
import { CardTable } from './components/CardTable';
import { usePageParam } from '../../lib/page-param';

/** Where the view was opened from, as the opening link remembers it (`state.from`, a path in this portal). */
function rememberedOrigin(state: unknown, base: StaffBase): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith(`/${base}/`) ? from : null;
}

/** Whether this tab has an earlier page of the app to go back to (React Router counts its entries in `idx`). */
function hasPreviousPage(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/**
 * `{base}/recipient/ebtcards/{id}` (B§2 "External EBT cards", B§7; `id` the account uuid): a recipient's external
 * cards, read-only, with the recipient's columns; 'There are no EBT cards attached to this account.' when none. Back
 * goes to the remembered origin (the recipient detail's link remembers it), else to the previous page, else to the
 * recipient search. An account outside the caller's scope reads as not found, as a missing one.
 */
export default function RecipientEbtCardsPage({ base }: { base: StaffBase }) {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const valid = ExternalCardAccountParams.safeParse({ id }).success;
  const cards = useAccountCards(id, valid);
  const holder = useCardHolder(id, valid);
  const origin = rememberedOrigin(location.state, base);
  const [page, setPage] = usePageParam(origin ? { from: origin } : null);

  const goBack = () => {
    if (origin) void navigate(origin);
    else if (hasPreviousPage()) void navigate(-1);
    else void navigate(`/${base}/recipients`);
  };
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft aria-hidden size={18} />} onClick={goBack}>
      Back
    </Button>
  );

  const notFound = !valid || isApiError(cards.error, 404) || isApiError(cards.error, 400);
  return (
    <Page title="Recipient EBT Cards" actions={back}>
      <Stack gap="md">
        {holder.isSuccess && (
          <Text>
            Cards attached by {personName(holder.data)}, Account ID {holder.data.recipientIdentifier} (
            {holder.data.programName}).
          </Text>
        )}
        {notFound ? (
          <MessageBanner kind="warning" messages={EXTERNAL_CARD_MESSAGES.RECIPIENT_NOT_FOUND} />
        ) : (
          <MessageBanner kind="danger" messages={cards.isError ? errorMessagesOf(cards.error) : []} />
        )}
        {cards.isPending && valid && <LoadingStatus label="Loading the recipient's EBT cards" />}
        {cards.isSuccess && (
          <CardTable
            caption="The recipient's EBT cards"
            cards={cards.data.data}
            emptyMessage={EXTERNAL_CARD_MESSAGES.NO_CARDS_FOR_ACCOUNT}
            page={page}
            onPageChange={setPage}
          />
        )}
      </Stack>
    </Page>
  );
}
