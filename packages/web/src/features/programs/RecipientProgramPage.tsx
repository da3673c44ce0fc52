import { BENEFIT_MESSAGES, benefitApi } from '@ebt/core/benefits';
import { PROGRAM_STATUS_LABEL, type ProgramStatus } from '@ebt/core/enums';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DateText } from '../../components/DateText';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { endpointQuery } from '../../lib/endpoint-client';
import { errorMessagesOf } from '../../lib/errors';
import { displayPhone } from '../../lib/person';
import { useOwnPrograms } from '../home';
import { CardControls } from '../pans';
import { RecentTransactions } from '../transactions';
import { useI18n } from '../../lib/i18n';

/** The recipient's balance in the program (benefitApi.programBalance): 404 when they have no account in it. */
function useProgramBalance(programUuid: string) {
  return useQuery({ ...endpointQuery(benefitApi.programBalance, { params: { programUuid } }), retry: false });
}

/**
 * `/recipient/program/{programUuid}` (A§2, A§7): the program's name, contact e-mail, phone and state and its status;
 * the recipient's balance there; the recent transactions; the card controls of the program's cards (decision 0037).
 * Another program's uuid answers the server's 404 text.
 */
export default function RecipientProgramPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const programs = useOwnPrograms();
  const balance = useProgramBalance(id);
  const program = programs.data?.find((p) => p.programUuid === id.toLowerCase());

  if (programs.isPending || balance.isPending)
    return (
      <Page title={t('program.title')}>
        <LoadingStatus label={t('program.loading')} />
      </Page>
    );
  if (!program || balance.isError) {
    const missing = !program || isApiError(balance.error, 404);
    return (
      <Page title={t('program.title')}>
        <MessageBanner
          kind="warning"
          messages={missing ? BENEFIT_MESSAGES.NOT_OWN_PROGRAM : errorMessagesOf(balance.error)}
        />
      </Page>
    );
  }
  const card = balance.data;
  return (
    <Page title={program.programName}>
      <Stack gap="lg">
        <DetailSection title={t('home.balance')}>
          <Text fz={32} fw={700} data-testid="program-balance">
            <Money value={card.totalAmount} />
          </Text>
          {card.upcomingAmount > 0 && (
            <Text>
              {t('home.comingSoon')} <Money value={card.upcomingAmount} />
            </Text>
          )}
          {card.soonestExpirationDate && (
            <Text>
              {t('program.soonestExpiry')} <DateText value={card.soonestExpirationDate} />
              {card.expiringSoon ? ` (${t('kit.expiringSoon')})` : ''}
            </Text>
          )}
        </DetailSection>
        <DetailSection title={t('program.title')}>
          <FieldList>
            <ReadOnlyField label={t('program.title')} value={program.programName} />
            <ReadOnlyField label={t('program.contactEmail')} value={program.contactEmail} />
            <ReadOnlyField
              label={t('program.contactPhone')}
              value={program.contactPhone ? displayPhone(program.contactPhone) : null}
            />
            <ReadOnlyField label={t('kit.state')} value={program.contactStateCode} />
            <ReadOnlyField
              label={t('benefits.status')}
              value={t(
                `program.status${program.programStatusId}`,
                PROGRAM_STATUS_LABEL[program.programStatusId as ProgramStatus] ?? String(program.programStatusId),
              )}
            />
            <ReadOnlyField label={t('program.accountId')} value={program.recipientIdentifier} />
          </FieldList>
        </DetailSection>
        <DetailSection title={t('transactions.recent')}>
          <RecentTransactions programUuid={program.programUuid} />
        </DetailSection>
        <CardControls programUuid={program.programUuid} />
      </Stack>
    </Page>
  );
}
