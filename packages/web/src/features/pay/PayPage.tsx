import { PAN_STATUS } from '@ebt/core/enums';
import {
  Anchor,
  Box,
  Button,
  Code,
  Collapse,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { DateText } from '../../components/DateText';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useBrowserOnline } from '../../lib/online';
import { useI18n } from '../../lib/i18n';
import { useOptionalSessionUser } from '../../lib/session-user';
import { useOwnBalances, useOwnCardDevices, useOwnCards } from './api';
import { CardDevicesList } from './components/CardDevicesList';
import { PayQr } from './components/PayQr';
import { makePayCode, type PayCode, type PayDevice } from './device-keys';
import { loadPayCard, savePayCards, type PayCardFacts } from './pay-cards';
import { usePayDevice } from './use-pay-device';

/** How often, while a code shows and the network is there, the screen asks whether the code was spent. */
const USED_CHECK_MS = 5000;

/** The time, to the second, re-rendering every second. */
function useNowSeconds() {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const minutesSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.max(0, seconds) % 60).padStart(2, '0')}`;

/**
 * The card as the screen shows it: read now when the network is there (and kept for later, decision 0051's way),
 * else as last read, marked not current.
 */
function usePayCard(panId: number, userUuid: string | null, online: boolean) {
  const cards = useOwnCards(online);
  const balances = useOwnBalances(online);
  const read = useMemo(() => {
    if (!cards.isSuccess) return null;
    const facts: PayCardFacts[] = cards.data
      .filter((c) => c.panStatusId === PAN_STATUS.ACTIVE)
      .map((c) => ({
        panId: c.panId,
        last4: c.last4,
        programName: c.programName,
        balance: balances.data?.find((b) => b.programUuid === c.programUuid)?.totalAmount ?? null,
        pinSet: c.pinSet,
      }));
    return facts;
  }, [cards.isSuccess, cards.data, balances.data]);
  const settled = cards.isSuccess && !balances.isPending;
  useEffect(() => {
    if (read && settled && userUuid) savePayCards(userUuid, read);
  }, [read, settled, userUuid]);

  const here = read?.find((c) => c.panId === panId);
  if (here && settled) return { state: 'current' as const, card: here, readAt: null };
  const kept = loadPayCard(panId, userUuid ?? undefined);
  const noNetwork = !online || isApiError(cards.error, 0) || isApiError(balances.error, 0);
  if (kept && (noNetwork || !cards.isSuccess)) return { state: 'kept' as const, card: kept.card, readAt: kept.readAt };
  if (cards.isSuccess && !here) return { state: 'missing' as const };
  if (cards.isError && !noNetwork) return { state: 'error' as const, error: cards.error };
  if (!online) return { state: 'unknown' as const };
  return { state: 'loading' as const };
}

/** A fresh code from the device, remade when it expires, on demand, or when the server says it was spent. */
function usePayCode(device: PayDevice | null, now: number) {
  const [code, setCode] = useState<PayCode | null>(null);
  const [announce, setAnnounce] = useState('');
  const making = useRef(false);
  const renew = useCallback(
    async (why: string) => {
      if (!device || making.current) return;
      making.current = true;
      try {
        setCode(await makePayCode(device));
        setAnnounce(why);
      } finally {
        making.current = false;
      }
    },
    [device],
  );
  useEffect(() => {
    setCode(null);
    void renew('');
  }, [renew]);
  const expired = code !== null && now >= code.expiresAt;
  return { code, expired, renew, announce };
}

/**
 * `/recipient/pay/{panId}` (decision 0108): a pay code for one card, as a QR code a cashier scans, made and signed on
 * this phone so that it works without signal; the card's last four, program and balance (as last read, with the time,
 * 'Not current' without the network), the time left, a new code when it expires or is spent and on 'New code', and
 * the code as text for assistive technology or typing in. Also shown without the shell when the network is down
 * (routes.tsx: `offline`).
 */
export default function PayPage() {
  const { t } = useI18n();
  const { panId: panParam = '' } = useParams();
  const panId = /^\d{1,10}$/.test(panParam) ? Number(panParam) : 0;
  const user = useOptionalSessionUser();
  const browserOnline = useBrowserOnline();
  const online = user !== null && browserOnline;
  const [attempt, setAttempt] = useState(0);
  const device = usePayDevice(panId, user?.userUuid ?? null, attempt);
  const card = usePayCard(panId, user?.userUuid ?? null, online);
  const now = useNowSeconds();
  const ready = device.kind === 'ready' ? device.device : null;
  const { code, expired, renew, announce } = usePayCode(ready, now);
  const [showText, setShowText] = useState(false);

  // Spent at a market: the phone's lastUsedAt moves past the code's time. Asked only while online and a code shows.
  const devices = useOwnCardDevices(panId, {
    enabled: online && ready !== null,
    refetchInterval: online && code && !expired ? USED_CHECK_MS : false,
  });
  const lastUsed = devices.data?.find((d) => d.deviceUuid === ready?.deviceUuid)?.lastUsedAt ?? null;
  const usedSince = code !== null && lastUsed !== null && Date.parse(lastUsed) / 1000 >= code.issuedAt;
  // Only a list read after this phone was found or registered says it is gone (a list kept from the cards page is older).
  const readySince = useMemo(() => (ready ? Date.now() : Infinity), [ready]);
  const gone =
    devices.isSuccess &&
    ready !== null &&
    devices.dataUpdatedAt >= readySince &&
    !devices.data.some((d) => d.deviceUuid === ready.deviceUuid);
  useEffect(() => {
    if (usedSince) void renew(t('pay.codeUsed'));
  }, [usedSince, renew, t]);
  useEffect(() => {
    if (expired) void renew(t('pay.newCodeReady'));
  }, [expired, renew, t]);
  // Removed elsewhere (the cards page, staff, a lost report): set this phone up again.
  useEffect(() => {
    if (gone) setAttempt((n) => n + 1);
  }, [gone]);

  // Without a session (the app closed and opened again, or no signal) the way back is the home, which then shows the
  // offline home or the sign-in.
  const back = user ? (
    <BackLink to="/recipient/ebtcards">{t('pay.backToCards')}</BackLink>
  ) : (
    <BackLink to="/recipient">{t('pay.backToHome')}</BackLink>
  );
  const frame = (content: ReactNode) => {
    const page = (
      <Page title={t('pay.title')} actions={back}>
        {content}
      </Page>
    );
    // Without the shell (offline) the screen is its own main region.
    return user ? (
      page
    ) : (
      <Container component="main" id="main-content" size="xs" py="md">
        {page}
      </Container>
    );
  };

  if (card.state === 'missing' || (device.kind === 'refused' && isApiError(device.error, 404)))
    return frame(<MessageBanner kind="warning" messages={t('pay.notSetUp')} />);

  const facts = card.state === 'current' || card.state === 'kept' ? card.card : null;
  const left = code ? code.expiresAt - now : 0;

  return frame(
    <Stack gap="md" maw={440} mx="auto" w="100%">
      {card.state === 'kept' && (
        <MessageBanner
          kind="warning"
          title={t('pay.notCurrent')}
          messages={user === null && browserOnline ? t('pay.signedOut') : t('pay.offline')}
          details={
            <Text fz="sm" data-testid="pay-read-at">
              {t('pay.readAt')} <DateText value={card.readAt} format="datetime" />
            </Text>
          }
        />
      )}
      {card.state === 'error' && <MessageBanner kind="danger" messages={errorMessagesOf(card.error)} />}
      {facts?.pinSet === false && (
        <MessageBanner
          kind="warning"
          title={t('pay.noPinTitle')}
          messages={t('pay.noPin')}
          details={
            user ? (
              <Anchor component={Link} to="/recipient/ebtcards" fw={600}>
                {t('pay.setPinLink')}
              </Anchor>
            ) : undefined
          }
        />
      )}
      {facts && (
        <Paper withBorder p="md" radius="md" data-testid="pay-card">
          <Text fw={700} fz="xl">
            {facts.programName}
          </Text>
          <Text fz="lg">{t('pay.cardEnding', { last4: facts.last4 })}</Text>
          <Group gap="xs" align="baseline">
            <Text fz="lg">{t('pay.balance')}:</Text>
            {facts.balance === null ? (
              <Text fz="lg">{t('pay.balanceUnknown')}</Text>
            ) : (
              <Money value={facts.balance} fz={28} fw={700} data-testid="pay-balance" />
            )}
            {card.state === 'kept' && <Text fw={700}>({t('pay.notCurrent')})</Text>}
          </Group>
        </Paper>
      )}

      {device.kind === 'loading' && <LoadingStatus label={t('pay.preparing')} />}
      {device.kind === 'unsupported' && <MessageBanner kind="warning" messages={t('pay.unsupported')} />}
      {device.kind === 'needsOnline' && <MessageBanner kind="warning" messages={t('pay.needsOnline')} />}
      {device.kind === 'refused' && (
        <>
          <MessageBanner kind="danger" messages={errorMessagesOf(device.error)} />
          {isApiError(device.error, 422) && facts && (
            <>
              <CardDevicesList panId={panId} last4={facts.last4} />
              <Button size="lg" onClick={() => setAttempt((n) => n + 1)}>
                {t('common.tryAgain')}
              </Button>
            </>
          )}
        </>
      )}

      {ready && code && (
        <>
          <Text fz="lg">{t('pay.instructions')}</Text>
          <Box bg="white" p="sm" style={{ borderRadius: 8, border: '2px solid black', alignSelf: 'center' }}>
            <PayQr text={code.text} label={t('pay.qrLabel', { last4: facts?.last4 ?? '' })} />
          </Box>
          <Text fz={24} fw={700} ta="center" data-testid="pay-expires" aria-live="off">
            {t('pay.expiresIn', { time: minutesSeconds(left) })}
          </Text>
          <VisuallyHidden role="status">{announce}</VisuallyHidden>
          <Button
            size="xl"
            fullWidth
            leftSection={<IconRefresh aria-hidden size={24} />}
            onClick={() => void renew(t('pay.newCodeReady'))}
          >
            {t('pay.newCode')}
          </Button>
          <Button
            variant="outline"
            size="lg"
            fullWidth
            aria-expanded={showText}
            aria-controls="pay-code-text"
            onClick={() => setShowText((shown) => !shown)}
          >
            {showText ? t('pay.hideText') : t('pay.showText')}
          </Button>
          <Collapse expanded={showText}>
            <Stack gap={4} id="pay-code-text">
              <Text fw={600} id="pay-code-text-label">
                {t('pay.codeText')}
              </Text>
              <Code
                block
                data-testid="pay-code-text"
                aria-labelledby="pay-code-text-label"
                style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 16 }}
              >
                {code.text}
              </Code>
            </Stack>
          </Collapse>
        </>
      )}
    </Stack>,
  );
}
