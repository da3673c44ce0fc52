import { isApplicationOpen, type ApplicationDefinition } from '@ebt/core/applicants';
import { MESSAGES } from '@ebt/core/messages';
import { Paper, Stack, Stepper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MessageBanner } from '../../components/MessageBanner';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { cleanPersonFields, EMPTY_PERSON_FIELDS } from '../../lib/person';
import { PUBLIC_APPLICATION_ID, useApplicationDefinition, useSubmitApplicant } from './api';
import { ApplicantDetails, ApplicantForm, type ApplicantValues } from './components/ApplicantForm';
import { ApplicantReview } from './components/ApplicantReview';
import { ApplicationAgreement } from './components/ApplicationAgreement';
import { SafeHtml } from './components/SafeHtml';
import { useI18n } from '../../lib/i18n';
import { Trans } from 'react-i18next';
import { formCheck } from '../../lib/form-check';

const STEPS = [
  'application.stepDetails',
  'application.stepReview',
  'application.stepAgreement',
  'application.stepDone',
] as const;
const HEADINGS = [
  'application.headingDetails',
  'application.headingReview',
  'application.headingAgreement',
  'application.headingDone',
] as const;
type Step = 0 | 1 | 2 | 3;

/** What a failed submit shows (A§8): the server's reasons for a refusal, else 'The application cannot be submitted…'. */
function submitFailure(error: unknown): string[] {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return errorMessagesOf(error, MESSAGES.APPLICATION_SUBMIT_FAILED);
  }
  return [MESSAGES.APPLICATION_SUBMIT_FAILED];
}

function ApplicationSteps({ definition }: { definition: ApplicationDefinition }) {
  const { t } = useI18n();
  const submit = useSubmitApplicant();
  const [step, setStep] = useState<Step>(0);
  const [applicantId, setApplicantId] = useState<number | null>(null);
  const onlyProgram = definition.programs.length === 1 ? definition.programs[0] : undefined;
  const form = useForm<ApplicantValues>({
    mode: 'controlled',
    initialValues: {
      ...EMPTY_PERSON_FIELDS,
      programId: onlyProgram ? String(onlyProgram.programId) : '',
      // The form lives at /apply/ct: a Connecticut program; the applicant may still pick another state.
      stateId: 'CT',
    },
    validate: formCheck(ApplicantDetails, (values: ApplicantValues) => values),
  });

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const send = async () => {
    const v = form.getValues();
    try {
      const created = await submit.mutateAsync({
        programId: Number(v.programId),
        applicationId: definition.applicationId,
        ...cleanPersonFields(v),
        stateId: v.stateId,
      });
      setApplicantId(created.applicantId);
      setStep(3);
    } catch {
      // Shown on the agreement step; the person can go back and correct, or try again later.
    }
  };

  return (
    <Stack gap="lg">
      {/* The heading says "Step n of 4" to a screen reader; the Stepper draws the same progress. */}
      <Stepper active={step === 3 ? 4 : step} size="sm" iconSize={32} labelPosition="bottom" wrap={false} aria-hidden>
        {STEPS.map((label) => (
          <Stepper.Step key={label} label={t(label)} />
        ))}
      </Stepper>
      <Title order={2} ref={headingRef} tabIndex={-1}>
        <VisuallyHidden>{`${t('common.stepOf', { step: step + 1, count: 4 })}: `}</VisuallyHidden>
        {t(HEADINGS[step])}
      </Title>

      {step === 0 && (
        <>
          {definition.descr && <SafeHtml html={definition.descr} />}
          <ApplicantForm form={form} programs={definition.programs} onContinue={() => setStep(1)} />
        </>
      )}
      {step === 1 && (
        <ApplicantReview
          values={form.getValues()}
          programs={definition.programs}
          onEdit={() => setStep(0)}
          onContinue={() => setStep(2)}
        />
      )}
      {step === 2 && (
        <ApplicationAgreement
          failure={submit.isError ? submitFailure(submit.error) : []}
          submitting={submit.isPending}
          onBack={() => {
            submit.reset();
            setStep(1);
          }}
          onSubmit={send}
        />
      )}
      {step === 3 && (
        <Stack gap="md">
          <MessageBanner kind="success" messages={t('application.submitted')} />
          <Text>{t('application.thanks')}</Text>
          {applicantId !== null && (
            <Text>
              <Trans
                i18nKey="application.referenceNumber"
                values={{ id: applicantId }}
                components={{ strong: <strong data-testid="applicant-id" /> }}
              />
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * `/apply/ct` (A§1, A§2): the public online application. It loads definition 1; inactive or without programs it shows
 * 'The online application is not available at this time.' instead of the form. Otherwise: details, review (edit or
 * continue), agreement with the rights statement, thank you.
 */
export default function OnlineApplicationPage() {
  const { t } = useI18n();
  const definition = useApplicationDefinition(PUBLIC_APPLICATION_ID);
  const title = definition.data?.name ?? t('application.title');

  let content;
  if (definition.isPending) {
    content = <FullPageLoader label={t('application.loading')} />;
  } else if (definition.isError) {
    content = isApiError(definition.error, 404) ? (
      <MessageBanner kind="warning" messages={MESSAGES.APPLICATION_UNAVAILABLE} />
    ) : (
      <MessageBanner kind="danger" messages={errorMessagesOf(definition.error)} />
    );
  } else if (!isApplicationOpen(definition.data)) {
    content = <MessageBanner kind="warning" messages={MESSAGES.APPLICATION_UNAVAILABLE} />;
  } else {
    content = <ApplicationSteps definition={definition.data} />;
  }

  return (
    <Stack align="center" py={{ base: 'md', sm: 'xl' }}>
      <title>{`${title} · MarketLink`}</title>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={800}>
        <Stack gap="lg">
          <Title order={1}>{title}</Title>
          {content}
        </Stack>
      </Paper>
    </Stack>
  );
}
