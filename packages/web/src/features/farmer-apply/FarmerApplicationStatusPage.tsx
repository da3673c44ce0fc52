import {
  farmerMayUpdate,
  FarmerApplicationUpdateBody,
  FARMER_APPLICATION_MESSAGES as M,
  STATUS_TOKEN_PATTERN,
  type FarmerApplicationStatus,
  type FarmerApplicationStatusAnswer,
} from '@ebt/core/farmer-applications';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateText } from '../../components/DateText';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MessageBanner } from '../../components/MessageBanner';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useI18n } from '../../lib/i18n';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { useFarmerApplicationStatus, useUpdateFarmerApplication } from './api';
import { updateBodyOf, valuesOfApplication } from './application-form';
import { ApplicationSummary } from './components/ApplicationSummary';
import { ApplicationWizard } from './components/ApplicationWizard';
import { PublicFrame } from './components/PublicFrame';
import { summaryOfView } from './summary';

const STATUS_WORDS = {
  submitted: { title: 'farmerApply.statusSubmitted', text: 'farmerApply.statusSubmittedText', color: 'blue' },
  'more-info': { title: 'farmerApply.statusMoreInfo', text: 'farmerApply.statusMoreInfoText', color: 'orange' },
  approved: { title: 'farmerApply.statusApproved', text: 'farmerApply.statusApprovedText', color: 'green' },
  refused: { title: 'farmerApply.statusRefused', text: 'farmerApply.statusRefusedText', color: 'red' },
} as const satisfies Record<FarmerApplicationStatus, { title: string; text: string; color: string }>;

/** The colour of the status's edge: dark shades, which keep their contrast beside the text. */
const EDGE = { blue: '#1a4d8f', orange: '#7a4b00', green: '#1e6b2f', red: '#a51d1d' } as const;

/**
 * `/apply/farmer/status?hash=…`: where the farmer's application stands, from the link each of our messages carries.
 * The status in words with its dates, staff's request or the refusal's reason, and the application as stored (numbers
 * masked). While staff wait for more, the farmer completes it with the same steps (tax id and bank blank: kept) and
 * sends it back. A link that opens nothing says so, with the way to a new application.
 */
export default function FarmerApplicationStatusPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const hash = params.get('hash');
  const token = hash !== null && STATUS_TOKEN_PATTERN.test(hash) ? hash : null;
  const status = useFarmerApplicationStatus(token);

  let content;
  if (token === null) content = <UnknownLink />;
  else if (status.isPending) content = <FullPageLoader label={t('farmerApply.statusLoading')} />;
  else if (status.isError)
    content =
      isApiError(status.error, 404) || isApiError(status.error, 400) ? (
        <UnknownLink />
      ) : (
        <MessageBanner kind="danger" messages={errorMessagesOf(status.error)} />
      );
  else content = <StatusView token={token} answer={status.data} />;

  return <PublicFrame title={t('farmerApply.statusTitle')}>{content}</PublicFrame>;
}

function UnknownLink() {
  const { t } = useI18n();
  return (
    <Stack gap="md">
      <MessageBanner kind="warning" messages={M.LINK_UNKNOWN} />
      <Text>
        <Anchor component={Link} to="/apply/farmer">
          {t('farmerApply.startNew')}
        </Anchor>
      </Text>
    </Stack>
  );
}

function StatusView({ token, answer }: { token: string; answer: FarmerApplicationStatusAnswer }) {
  const { t, language } = useI18n();
  const application = answer.application;
  const update = useUpdateFarmerApplication(token);
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useOutcomeFocus(done);
  const completeRef = useRef<HTMLButtonElement>(null);
  const words = STATUS_WORDS[application.status];
  const mayComplete = farmerMayUpdate(application.status) && answer.programs.length > 0;
  const kept = {
    taxId: application.taxId,
    routingNumber: application.bankAccount.routingNumber,
    accountNumber: application.bankAccount.accountNumber,
  };

  return (
    <Stack gap="xl">
      <Stack gap="md" component="section" aria-labelledby="status-heading">
        <Title order={2} id="status-heading">
          {t('farmerApply.whereItStands')}
        </Title>
        <MessageBanner ref={doneRef} kind="success" messages={done ?? []} />
        <Paper
          withBorder
          p="md"
          radius="md"
          style={{ borderInlineStart: `6px solid ${EDGE[words.color]}` }}
          data-testid="application-status"
          data-status={application.status}
        >
          <Stack gap="xs">
            <Text fz="xl" fw={700}>
              {t(words.title)}
            </Text>
            <Text>{t(words.text)}</Text>
          </Stack>
        </Paper>
        <FieldList cols={{ base: 1, xs: 2 }}>
          <ReadOnlyField label={t('farmerApply.applicationNumber')} value={application.applicationNumber} />
          <ReadOnlyField label={t('farmerApply.submittedOn')} value={<DateText value={application.submittedAt} />} />
          <ReadOnlyField label={t('farmerApply.updatedOn')} value={<DateText value={application.updatedAt} />} />
          {application.decidedAt && (
            <ReadOnlyField label={t('farmerApply.decidedOn')} value={<DateText value={application.decidedAt} />} />
          )}
        </FieldList>

        {application.status === 'more-info' && application.staffRequest && (
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Stack gap={4}>
              <Text fw={600}>{t('farmerApply.staffRequest')}</Text>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{application.staffRequest}</Text>
            </Stack>
          </Paper>
        )}
        {application.status === 'refused' && application.refusalReason && (
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Stack gap={4}>
              <Text fw={600}>{t('farmerApply.refusalReason')}</Text>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{application.refusalReason}</Text>
            </Stack>
          </Paper>
        )}
        {application.status === 'approved' && (
          <Stack gap="xs">
            <Text>{t('farmerApply.activationSent', { email: application.email })}</Text>
            <Text>
              <Anchor component={Link} to="/login">
                {t('farmerApply.signIn')}
              </Anchor>
            </Text>
          </Stack>
        )}
        {mayComplete && !editing && (
          <Group>
            <Button ref={completeRef} size="md" onClick={() => setEditing(true)}>
              {t('farmerApply.complete')}
            </Button>
          </Group>
        )}
      </Stack>

      {editing ? (
        <Stack gap="md">
          <Group justify="flex-end">
            <Button
              variant="subtle"
              onClick={() => {
                setEditing(false);
                requestAnimationFrame(() => completeRef.current?.focus());
              }}
            >
              {t('farmerApply.stopCompleting')}
            </Button>
          </Group>
          <ApplicationWizard
            mode="update"
            programs={answer.programs}
            initialValues={valuesOfApplication(application)}
            kept={kept}
            focusOnMount
            send={async (values, context) => {
              const body = FarmerApplicationUpdateBody.parse(updateBodyOf(values, context));
              await update.mutateAsync(body);
              setEditing(false);
              setDone(M.RESUBMITTED);
            }}
          />
        </Stack>
      ) : (
        <Stack gap="md" component="section" aria-labelledby="application-heading">
          <Title order={2} id="application-heading">
            {t('farmerApply.yourApplication')}
          </Title>
          <ApplicationSummary summary={summaryOfView(application, language)} />
        </Stack>
      )}
    </Stack>
  );
}
