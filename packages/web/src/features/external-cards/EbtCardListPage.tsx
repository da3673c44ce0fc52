import { EXTERNAL_CARD_MESSAGES } from '@ebt/core/external-cards';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { useOwnCards } from './api';
import { CardTable } from './components/CardTable';
import { usePageParam } from '../../lib/page-param';
import { useI18n } from '../../lib/i18n';
import { PayCardsSection } from '../pay';

/**
 * `/recipient/ebtcards` (A§2, B§2): the recipient's external EBT cards (card name, number masked, type, status,
 * program), 10 a page; a row opens the card's edit screen; 'Add EBT Card'; 'There are no EBT cards attached to your
 * account.' when there are none. A save or delete elsewhere returns here (replacing its screen in the history) with
 * its outcome, which takes focus and is shown once.
 */
export default function EbtCardListPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  // The add and edit screens replace themselves with this list and bring their outcome in the history state. It is
  // copied here and the state cleared, so a reload or a later Back/Forward does not show 'EBT card deleted.' again.
  const arrived = (location.state as { saved?: unknown } | null)?.saved;
  const [saved] = useState(typeof arrived === 'string' ? arrived : null);
  useEffect(() => {
    if (arrived !== undefined) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // Once, on arrival: the state is cleared by this very navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const savedRef = useOutcomeFocus(saved);
  const [page, setPage] = usePageParam();
  const cards = useOwnCards();

  return (
    <Page
      title={t('cards.ebtCards')}
      actions={
        <Button component={Link} to="/recipient/ebtcards/add" leftSection={<IconPlus aria-hidden size={18} />}>
          {t('cards.addEbtCard')}
        </Button>
      }
    >
      <Stack gap="md">
        <MessageBanner ref={savedRef} kind="success" messages={saved ?? []} />
        <MessageBanner kind="danger" messages={cards.isError ? errorMessagesOf(cards.error) : []} />
        {cards.isPending && <LoadingStatus label={t('cards.loadingEbt')} />}
        {cards.isSuccess && (
          <CardTable
            caption={t('cards.yourEbtCards')}
            cards={cards.data.data}
            emptyMessage={EXTERNAL_CARD_MESSAGES.NO_CARDS}
            onOpen={(card) => void navigate(`/recipient/ebtcard/${card.externalPanId}`)}
            page={page}
            onPageChange={setPage}
          />
        )}
        <PayCardsSection />
      </Stack>
    </Page>
  );
}
