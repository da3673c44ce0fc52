import type { OpenFarmerProgram } from '@ebt/core/farmer-applications';
import { Button, Group, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MessageBanner } from '../../../components/MessageBanner';
import { useI18n } from '../../../lib/i18n';
import {
  applicationErrors,
  firstStepWithErrors,
  serverProblems,
  stepErrors,
  stepOfField,
  STEPS,
  type ApplicationValues,
  type FormContext,
  type FormMode,
  type StepName,
} from '../application-form';
import { confirmedId, contactState, type Confirmation } from '../contact-confirmation';
import { AgreementStep } from './AgreementStep';
import { ContactStep } from './ContactStep';
import { FarmStep } from './FarmStep';
import { PayoutStep } from './PayoutStep';
import { ProgramsStep } from './ProgramsStep';
import { QuestionsStep } from './QuestionsStep';
import { ReviewStep } from './ReviewStep';
import type { KeptNumbers, StepProps } from './step-props';

const STEP_TITLES = {
  programs: 'farmerApply.stepPrograms',
  contact: 'farmerApply.stepContact',
  farm: 'farmerApply.stepFarm',
  questions: 'farmerApply.stepQuestions',
  payout: 'farmerApply.stepPayout',
  agreement: 'farmerApply.stepAgreement',
  review: 'farmerApply.stepReview',
} as const satisfies Record<StepName, string>;

/** Where the focus goes once a step shows: its heading, or the first field in error. */
type FocusTarget = { to: 'heading' | 'error' | 'none'; seq: number };

export interface ApplicationWizardProps {
  mode: FormMode;
  programs: readonly OpenFarmerProgram[];
  initialValues: ApplicationValues;
  initialStep?: number;
  /** A completed application: the numbers on file, masked, kept while the farmer leaves them blank. */
  kept?: KeptNumbers;
  /** Each change of the values (the draft kept on the device). */
  onValuesChange?: (values: ApplicationValues, step: number) => void;
  /** Shown above the first step only. */
  intro?: ReactNode;
  /** Put the focus on the first step's heading once shown (the form was started over), after any closing dialog. */
  focusOnMount?: boolean;
  /** Sends the application; a refusal is thrown, and its problems shown at their fields. */
  send: (values: ApplicationValues, context: FormContext) => Promise<void>;
}

/**
 * The farmer's application as short steps (programs and farm, contact with its codes, farm and markets, the programs'
 * questions, payouts, agreement, review), phone first: one column, big targets, the step's heading and a progress bar.
 * Each step is checked with core's rules before the next shows; the focus goes to the new step's heading, or to the
 * first field in error. A refused submit puts each server problem at its field and shows that field's step.
 */
export function ApplicationWizard({
  mode,
  programs,
  initialValues,
  initialStep = 0,
  kept,
  onValuesChange,
  focusOnMount = false,
  intro,
  send,
}: ApplicationWizardProps) {
  const { t, language } = useI18n();
  const [step, setStep] = useState(initialStep);
  const stepRef = useRef(step);
  stepRef.current = step;
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [focus, setFocus] = useState<FocusTarget>({ to: 'none', seq: 0 });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const generalRef = useRef<HTMLDivElement>(null);

  const form = useForm<ApplicationValues>({
    mode: 'controlled',
    initialValues,
    onValuesChange: (values) => onValuesChange?.(values, stepRef.current),
  });
  const values = form.getValues();

  const context: FormContext = useMemo(
    () => ({
      mode,
      programs,
      language,
      contact: contactState(values, confirmation),
      confirmationId: confirmedId(values, confirmation),
    }),
    [mode, programs, language, values, confirmation],
  );

  // The step is kept with the values (the draft comes back at the step the farmer was on).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    onValuesChange?.(form.getValues(), step);
    // Only a change of step: the values' own changes are reported as they happen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  useEffect(() => {
    if (!focusOnMount) return;
    // A closing dialog gives the focus back to the button that opened it: wait until it has gone.
    const started = Date.now();
    let frame = 0;
    const attempt = () => {
      const dialogOpen = document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
      if (dialogOpen && Date.now() - started < 2000) frame = requestAnimationFrame(attempt);
      else headingRef.current?.focus();
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [focusOnMount]);

  useEffect(() => {
    if (focus.to === 'none') return;
    if (focus.to === 'heading') {
      headingRef.current?.focus();
      return;
    }
    const invalid = bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else if (generalRef.current) generalRef.current.focus();
    else headingRef.current?.focus();
  }, [focus]);

  const show = (next: number, to: FocusTarget['to']) => {
    setStep(next);
    setFocus((current) => ({ to, seq: current.seq + 1 }));
  };

  const name = STEPS[step]!;
  const goBack = () => {
    form.clearErrors();
    setGeneral([]);
    show(step - 1, 'heading');
  };
  const goTo = (target: StepName) => {
    form.clearErrors();
    show(STEPS.indexOf(target), 'heading');
  };

  /** Shows problems (by form field) and the step of the first of them, with the focus on it. */
  const showProblems = (errors: Record<string, string>, target: StepName) => {
    form.setErrors(errors);
    show(STEPS.indexOf(target), 'error');
  };

  const submit = async () => {
    const current = form.getValues();
    const errors = applicationErrors(current, context, { forSubmit: true });
    const first = firstStepWithErrors(errors);
    if (first) {
      setGeneral([]);
      showProblems(errors, first);
      return;
    }
    setSending(true);
    setGeneral([]);
    try {
      await send(current, context);
    } catch (error) {
      const problems = serverProblems(error, current, context);
      // The confirmation was refused (expired, used, another contact): the farmer asks for new codes.
      if (mode === 'new' && (problems.fields.email !== undefined || problems.fields.mobilePhone !== undefined))
        setConfirmation(null);
      setGeneral(problems.general);
      showProblems(problems.fields, problems.step);
    } finally {
      setSending(false);
    }
  };

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    if (name === 'review') {
      void submit();
      return;
    }
    const errors = stepErrors(applicationErrors(form.getValues(), context), name);
    // This step's problems as they are now; those of other steps (a refused submit's) stay until their step is checked.
    const others = Object.fromEntries(Object.entries(form.errors).filter(([field]) => stepOfField(field) !== name));
    form.setErrors({ ...others, ...errors });
    if (Object.keys(errors).length > 0) {
      setFocus((current) => ({ to: 'error', seq: current.seq + 1 }));
      return;
    }
    setGeneral([]);
    show(step + 1, 'heading');
  };

  const stepProps: StepProps = { form, context, mode, programs, kept };
  const count = STEPS.length;
  const title = t(STEP_TITLES[name]);

  return (
    <Stack gap="md">
      {step === 0 && intro}
      <Stack gap={6} aria-hidden>
        <Text fz="sm" fw={600} c="dimmed">
          {t('common.stepOf', { step: step + 1, count })}
        </Text>
        <Progress value={((step + 1) / count) * 100} size="md" radius="xl" />
      </Stack>
      <Title order={2} ref={headingRef} tabIndex={-1}>
        <VisuallyHidden>{`${t('common.stepOf', { step: step + 1, count })}: `}</VisuallyHidden>
        {title}
      </Title>

      <form onSubmit={onContinue} noValidate aria-label={title}>
        <Stack gap="lg" ref={bodyRef}>
          {name === 'programs' && <ProgramsStep {...stepProps} />}
          {name === 'contact' && (
            <ContactStep {...stepProps} confirmation={confirmation} onConfirmation={setConfirmation} />
          )}
          {name === 'farm' && <FarmStep {...stepProps} />}
          {name === 'questions' && <QuestionsStep {...stepProps} />}
          {name === 'payout' && <PayoutStep {...stepProps} />}
          {name === 'agreement' && <AgreementStep {...stepProps} />}
          {name === 'review' && <ReviewStep {...stepProps} onEdit={goTo} />}

          <MessageBanner ref={generalRef} kind="danger" messages={general} />

          <Group justify="space-between" gap="sm" grow={false} wrap="wrap-reverse">
            {step > 0 ? (
              <Button variant="default" size="md" onClick={goBack} disabled={sending}>
                {t('common.back')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" size="md" loading={sending}>
              {name === 'review'
                ? t(mode === 'new' ? 'farmerApply.submit' : 'farmerApply.resubmit')
                : t('common.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
