import { BENEFIT_MESSAGES, BenefitParams, isBenefitEditable, type BenefitDetail as Benefit } from '@ebt/core/benefits';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { confirmAction } from '../../components/confirm-action';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { useBenefit, useBenefitOptionType, useVoidBenefit } from './api';
import type { BenefitAreaProps } from './BenefitSearchPage';
import { BenefitEditForm } from './components/BenefitEditForm';
import { BenefitFacts } from './components/BenefitFacts';
import { LoadingStatus } from '../../components/LoadingStatus';

type Outcome = { kind: 'success'; text: string } | { kind: 'error'; error: unknown } | null;

/**
 * `{base}/benefit/{benefitUuid}` (A§2 Benefit detail): the benefit's facts, the edit form while it is ISSUED, and
 * Void behind the confirmation 'Are you sure you want to void this benefit?' (A§4). A save that meets a newer
 * change (409) shows the server's message and offers to reload the benefit.
 */
export default function BenefitDetailPage({ area }: BenefitAreaProps) {
  const { id = '' } = useParams();
  // A path that is no benefit's uuid (`/admin/benefit/file`: the upload is program side only) is no screen at all.
  if (!BenefitParams.safeParse({ benefitUuid: id }).success) return <NotFoundPage homeTo={`/${area}`} />;
  return <BenefitDetail area={area} benefitUuid={id} />;
}

function BenefitDetail({ area, benefitUuid }: BenefitAreaProps & { benefitUuid: string }) {
  const base = `/${area}`;
  const benefit = useBenefit(benefitUuid);
  const optionType = useBenefitOptionType(benefit.data?.benefitOptionTypeId ?? null);
  const voidBenefit = useVoidBenefit();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const bannerRef = useOutcomeFocus(outcome);
  const show = setOutcome;

  const reload = async () => {
    setOutcome(null);
    await benefit.refetch();
  };

  const askVoid = (current: Benefit) =>
    confirmAction({
      title: 'Void benefit',
      // The question word for word (A§4), then which benefit it is about: a person with two tabs open must not void
      // the wrong one.
      message: (
        <Stack gap="xs">
          <Text>{MESSAGES.CONFIRM_VOID_BENEFIT}</Text>
          <Text>
            Authorization number <strong>{current.benefitAuthorizationNumber}</strong>, amount{' '}
            <strong>
              <Money value={current.benefitAmount} />
            </strong>{' '}
            (balance <Money value={current.benefitBalance} />) for {current.firstname} {current.lastname} (
            {current.recipientIdentifier}).
          </Text>
        </Stack>
      ),
      confirmLabel: 'Void benefit',
      danger: true,
      onConfirm: () => {
        setOutcome(null);
        voidBenefit.mutate(current.benefitUuid, {
          onSuccess: () => show({ kind: 'success', text: MESSAGES.BENEFIT_VOIDED }),
          onError: (error) => show({ kind: 'error', error }),
        });
      },
    });

  const back = (
    <Button component={Link} to={`${base}/benefits`} variant="default">
      Back to benefits
    </Button>
  );

  if (benefit.isPending) {
    return (
      <Page title="Benefit">
        <LoadingStatus label="Loading the benefit" />
      </Page>
    );
  }
  if (benefit.isError) {
    const notFound = isApiError(benefit.error, 404) || isApiError(benefit.error, 400);
    return (
      <Page title="Benefit">
        <Stack gap="sm" align="flex-start">
          <MessageBanner
            kind="danger"
            w="100%"
            messages={notFound ? BENEFIT_MESSAGES.BENEFIT_NOT_FOUND : errorMessagesOf(benefit.error)}
          />
          {back}
        </Stack>
      </Page>
    );
  }

  const current = benefit.data;
  const editable = isBenefitEditable(current.benefitStatusId);
  const stale = outcome?.kind === 'error' && isApiError(outcome.error, 409);
  const optionName = optionType.data?.options.find((o) => o.optionId === current.benefitOptionId)?.descr;

  return (
    <Page
      title={`Benefit ${current.benefitAuthorizationNumber}`}
      actions={
        <Group gap="sm">
          {editable && (
            <Button
              color="red.9"
              leftSection={<IconBan aria-hidden size={18} />}
              loading={voidBenefit.isPending}
              onClick={() => askVoid(current)}
            >
              Void
            </Button>
          )}
          {back}
        </Group>
      }
    >
      {outcome?.kind === 'success' && (
        <MessageBanner ref={bannerRef} kind="success" messages={outcome.text} onClose={() => setOutcome(null)} />
      )}
      {outcome?.kind === 'error' && (
        <Stack gap="xs" align="flex-start">
          <MessageBanner ref={bannerRef} kind="danger" w="100%" messages={errorMessagesOf(outcome.error)} />
          {stale && (
            <Button
              variant="default"
              leftSection={<IconRefresh aria-hidden size={18} />}
              loading={benefit.isFetching}
              onClick={() => void reload()}
            >
              Reload the benefit
            </Button>
          )}
        </Stack>
      )}
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Title order={2}>Details</Title>
          <BenefitFacts benefit={current} base={base} optionName={optionName} />
          <Group gap="lg">
            <Anchor component={Link} to={`${base}/benefits/${encodeURIComponent(current.recipientIdentifier)}`}>
              All benefits of {current.recipientIdentifier}
            </Anchor>
            <Anchor
              component={Link}
              to={`${base}/benefit/add?recipientId=${encodeURIComponent(current.recipientIdentifier)}`}
            >
              Issue another benefit to {current.recipientIdentifier}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Title order={2}>Edit benefit</Title>
          {editable ? (
            <BenefitEditForm
              key={current.lastUpdatedDate}
              benefit={current}
              onStarted={() => setOutcome(null)}
              onSaved={() => show({ kind: 'success', text: MESSAGES.BENEFIT_UPDATED })}
              onFailed={(error) => show({ kind: 'error', error })}
            />
          ) : (
            <MessageBanner
              kind="info"
              messages={fillMessage(BENEFIT_MESSAGES.NOT_EDITABLE, { status: current.benefitStatus })}
            />
          )}
        </Stack>
      </Paper>
    </Page>
  );
}
