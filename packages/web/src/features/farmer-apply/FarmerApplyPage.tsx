import {
  FarmerApplicationBody,
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerApplicationSubmitted,
  type OpenFarmerProgram,
} from '@ebt/core/farmer-applications';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { confirmAction } from '../../components/confirm-action';
import { DateText } from '../../components/DateText';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MessageBanner } from '../../components/MessageBanner';
import { errorMessagesOf } from '../../lib/errors';
import { useI18n } from '../../lib/i18n';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { useOpenFarmerPrograms, useSubmitFarmerApplication } from './api';
import { emptyValues, submitBodyOf, type ApplicationValues } from './application-form';
import { ApplicationWizard } from './components/ApplicationWizard';
import { PublicFrame } from './components/PublicFrame';
import { clearDraft, hasContent, loadDraft, saveDraft, valuesFromDraft, type StoredDraft } from './draft';

/** How long the draft waits after the last keystroke before it is kept. */
const DRAFT_DELAY_MS = 400;

/**
 * `/apply/farmer`: a farmer applies to sell at the programs' markets, on a phone, in English or Spanish.
 * The programs taking applications today, then the steps of ApplicationWizard; the draft is kept on the device as
 * they type and offered back on return ('Start over' drops it). Sent: the application number and where the status
 * link went.
 */
export default function FarmerApplyPage() {
  const { t } = useI18n();
  const programs = useOpenFarmerPrograms();

  let content;
  if (programs.isPending) content = <FullPageLoader label={t('farmerApply.loading')} />;
  else if (programs.isError) content = <MessageBanner kind="danger" messages={errorMessagesOf(programs.error)} />;
  else if (programs.data.length === 0) content = <MessageBanner kind="warning" messages={t('farmerApply.noneOpen')} />;
  else content = <NewApplication programs={programs.data} />;

  return <PublicFrame title={t('farmerApply.title')}>{content}</PublicFrame>;
}

function startValues(programs: readonly OpenFarmerProgram[], draft: StoredDraft | null): ApplicationValues {
  if (draft)
    return valuesFromDraft(
      draft,
      programs.map((program) => program.programId),
    );
  const values = emptyValues();
  // One program open: it is the one applied to.
  if (programs.length === 1) values.programIds = [String(programs[0]!.programId)];
  return values;
}

function NewApplication({ programs }: { programs: OpenFarmerProgram[] }) {
  const { t } = useI18n();
  const submit = useSubmitFarmerApplication();
  const [draft, setDraft] = useState(() => loadDraft());
  const [generation, setGeneration] = useState(0);
  const [sent, setSent] = useState<{ answer: FarmerApplicationSubmitted; email: string } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const sentRef = useOutcomeFocus(sent);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const keep = (values: ApplicationValues, step: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (hasContent(values)) saveDraft(values, step);
    }, DRAFT_DELAY_MS);
  };

  const startOver = () =>
    confirmAction({
      title: t('farmerApply.startOver'),
      message: t('farmerApply.startOverConfirm'),
      confirmLabel: t('farmerApply.startOver'),
      danger: true,
      onConfirm: () => {
        window.clearTimeout(timer.current);
        clearDraft();
        setDraft(null);
        setGeneration((current) => current + 1);
      },
    });

  if (sent)
    return (
      <Stack gap="md">
        <MessageBanner ref={sentRef} kind="success" messages={M.SUBMITTED} />
        <Text fz="lg">
          <Trans
            i18nKey="farmerApply.number"
            values={{ number: sent.answer.applicationNumber }}
            components={{ strong: <strong data-testid="application-number" style={{ whiteSpace: 'nowrap' }} /> }}
          />
        </Text>
        <Text>{t('farmerApply.statusLinkSent', { email: sent.email })}</Text>
        <Text>{t('farmerApply.keepNumber')}</Text>
      </Stack>
    );

  return (
    <Stack gap="lg">
      {draft && (
        <MessageBanner
          kind="info"
          title={t('farmerApply.draftRestored')}
          messages={t('farmerApply.draftRestoredText')}
          details={
            <Stack gap="xs" mt="xs">
              <Text fz="sm">
                {t('farmerApply.draftSaved')} <DateText value={draft.savedAt} />
              </Text>
              <Group>
                <Button variant="default" onClick={startOver}>
                  {t('farmerApply.startOver')}
                </Button>
              </Group>
            </Stack>
          }
        />
      )}
      <ApplicationWizard
        key={generation}
        mode="new"
        programs={programs}
        initialValues={startValues(programs, draft)}
        initialStep={draft?.step ?? 0}
        onValuesChange={keep}
        intro={<Text>{t('farmerApply.intro')}</Text>}
        focusOnMount={generation > 0}
        send={async (values, context) => {
          const body = FarmerApplicationBody.parse(submitBodyOf(values, context));
          const answer = await submit.mutateAsync(body);
          window.clearTimeout(timer.current);
          clearDraft();
          setDraft(null);
          setSent({ answer, email: body.email });
        }}
      />
    </Stack>
  );
}
