import { isRecoveryLocked } from '@ebt/core/auth';
import { OTP_CODE_MAX, SECURITY_ANSWER_MAX } from '@ebt/core/constants';
import { dataMessage, MESSAGES } from '@ebt/core/messages';
import {
  ForgotPasswordCodeParams,
  RECOVERY_CODE_TTL_MS,
  RECOVERY_ERROR_CODE,
  RecoveryAnswerBody,
  type RecoveryCodeSent,
  type RecoveryQuestion,
} from '@ebt/core/recovery';
import { Button, Group, Stack, Stepper, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { MessageBanner } from '../../../components/MessageBanner';
import { isApiError } from '../../../lib/api-client';
import { errorMessagesOf } from '../../../lib/errors';
import { focusFirstError } from '../../../lib/form-focus';
import { appErrorCodeOf, useRecoveryAnswer, useRecoveryQuestion, type RecoveryFlow } from '../api';
import { localizedInputProps, useI18n } from '../../../lib/i18n';
import { formCheck } from '../../../lib/form-check';

/** How a flow finds its user in step 1 (a username or an e-mail address). */
export interface RecoveryKeyField {
  label: string;
  description?: string;
  /** The core rule of A§5 for this flow's key. */
  schema: z.ZodType<string>;
  maxLength: number;
  type: 'text' | 'email';
  autoComplete: string;
}

export interface RecoveryWizardProps<Result> {
  flow: RecoveryFlow;
  /** The Stepper's four labels. */
  stepLabels: readonly [string, string, string, string];
  /** Each step's h2, which takes focus when the step changes. */
  stepHeadings: readonly [string, string, string, string];
  keyField: RecoveryKeyField;
  /** A§8: 'The username was not found.' or 'The email address was not found.' (code USR-404). */
  notFoundMessage: string;
  /** Shown once the form locks. */
  lockedMessage: string;
  /** Step 3: checks the code and answers what it unlocks. */
  redeem: (key: string, code: string) => Promise<Result>;
  /** Step 4. */
  renderDone: (result: Result, key: string) => ReactNode;
}

type Stage =
  | { step: 0 }
  | { step: 1; key: string; question: RecoveryQuestion }
  | { step: 2; key: string; question: RecoveryQuestion; sent: RecoveryCodeSent }
  | { step: 3; key: string; done: unknown };

/**
 * The client's count of not-found look-ups (A§4: the form locks after more than 3). It is kept for the tab's life,
 * so reloading the page does not reset it; the server's own per-address limit is the real guard.
 */
function useNotFoundCount(flow: RecoveryFlow): [number, () => number] {
  const storageKey = `marketlink.recovery.${flow}.not-found`;
  const [count, setCount] = useState(() => {
    try {
      return Number(window.sessionStorage.getItem(storageKey) ?? 0) || 0;
    } catch {
      return 0;
    }
  });
  const increment = () => {
    const next = count + 1;
    setCount(next);
    try {
      window.sessionStorage.setItem(storageKey, String(next));
    } catch {
      // Storage disabled: the count lives in memory only.
    }
    return next;
  };
  return [count, increment];
}

type StepName = 'key' | 'answer' | 'code';

interface Failure {
  messages: string[];
  lock?: boolean;
  notFound?: boolean;
}

/** A§8 "Forgot password" and "Forgot username": what a refused step shows, and whether it locks the form. */
function describeFailure(error: unknown, step: StepName, notFoundMessage: string, lockedMessage: string): Failure {
  const code = appErrorCodeOf(error);
  // SEC-001 (too many attempts, answered 429) locks the form with the server's text.
  if (isApiError(error, 429) || code === RECOVERY_ERROR_CODE.LOCKED) {
    return { messages: errorMessagesOf(error, lockedMessage), lock: true };
  }
  if (isApiError(error, 404)) {
    if (code === RECOVERY_ERROR_CODE.NOT_FOUND) return { messages: [notFoundMessage], notFound: true };
    return { messages: [MESSAGES.SECURITY_SETUP_INCOMPLETE] };
  }
  if (isApiError(error, 400) && step === 'answer') return { messages: [MESSAGES.SECURITY_ANSWER_INVALID] };
  if (isApiError(error, 400) && step === 'code') return { messages: [MESSAGES.OTP_CODE_INVALID] };
  return { messages: errorMessagesOf(error) };
}

/**
 * The four steps shared by forgot password and forgot username (A§4): 1 the username or e-mail, 2 the answer to the
 * security question (a one-time code is sent), 3 the code, 4 the outcome. Unknown names count toward the lock
 * (more than 3, A§4/A§9); SEC-001 or a 429 locks at once. Focus moves to the new step's heading on each step.
 */
export function RecoveryWizard<Result>(props: RecoveryWizardProps<Result>) {
  const { flow, stepLabels, stepHeadings, keyField, notFoundMessage, lockedMessage, redeem, renderDone } = props;
  const [stage, setStage] = useState<Stage>({ step: 0 });
  const [failure, setFailure] = useState<string[]>([]);
  const [lockMessages, setLockMessages] = useState<string[] | null>(null);
  const [notFoundCount, countNotFound] = useNotFoundCount(flow);
  const locked = lockMessages !== null || isRecoveryLocked(notFoundCount);
  const shownLock = lockMessages ?? (locked ? [lockedMessage] : []);

  const lookup = useRecoveryQuestion(flow);
  const answer = useRecoveryAnswer(flow);
  const redeemCode = useMutation({ mutationFn: ({ key, code }: { key: string; code: string }) => redeem(key, code) });

  const headingRef = useRef<HTMLHeadingElement>(null);
  const lockRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(stage.step);
  useEffect(() => {
    if (shownStep.current === stage.step) return;
    shownStep.current = stage.step;
    headingRef.current?.focus();
  }, [stage.step]);
  useEffect(() => {
    // The inputs are disabled now; take focus to the reason, so it is not lost on the page body.
    if (locked) lockRef.current?.focus();
  }, [locked]);

  const fail = (error: unknown, step: StepName) => {
    const result = describeFailure(error, step, notFoundMessage, lockedMessage);
    if (result.lock) {
      setFailure([]);
      setLockMessages(result.messages);
      return;
    }
    if (result.notFound && isRecoveryLocked(countNotFound())) {
      setFailure([]);
      return;
    }
    setFailure(result.messages);
  };

  const submitKey = async (key: string) => {
    setFailure([]);
    try {
      const question = await lookup.mutateAsync(key);
      setStage({ step: 1, key, question });
    } catch (error) {
      fail(error, 'key');
    }
  };

  const submitAnswer = async (text: string) => {
    if (stage.step !== 1) return;
    setFailure([]);
    try {
      const sent = await answer.mutateAsync({
        key: stage.key,
        body: { questionId: stage.question.questionId, answer: text },
      });
      setStage({ ...stage, step: 2, sent });
    } catch (error) {
      fail(error, 'answer');
    }
  };

  const submitCode = async (code: string) => {
    if (stage.step !== 2) return;
    setFailure([]);
    try {
      const done = await redeemCode.mutateAsync({ key: stage.key, code });
      setStage({ step: 3, key: stage.key, done });
    } catch (error) {
      fail(error, 'code');
    }
  };

  const { t } = useI18n();
  const startOver = () => {
    setFailure([]);
    setStage({ step: 0 });
  };

  return (
    <Stack gap="lg">
      {/* The step headings say "Step n of 4" to a screen reader; the Stepper is the same progress, drawn. */}
      <Stepper
        active={stage.step === 3 ? 4 : stage.step}
        size="sm"
        iconSize={32}
        labelPosition="bottom"
        wrap={false}
        aria-hidden
      >
        {stepLabels.map((label) => (
          <Stepper.Step key={label} label={t(label)} />
        ))}
      </Stepper>

      <Title order={2} ref={headingRef} tabIndex={-1}>
        <VisuallyHidden>{`${t('common.stepOf', { step: stage.step + 1, count: 4 })}: `}</VisuallyHidden>
        {t(stepHeadings[stage.step] ?? '')}
      </Title>

      <MessageBanner kind="danger" messages={shownLock} ref={lockRef} />
      <MessageBanner kind="danger" messages={locked ? [] : failure} />

      {stage.step === 0 && <KeyStep field={keyField} disabled={locked} busy={lookup.isPending} onSubmit={submitKey} />}
      {stage.step === 1 && (
        <AnswerStep
          question={stage.question.question}
          disabled={locked}
          busy={answer.isPending}
          onSubmit={submitAnswer}
          onStartOver={startOver}
        />
      )}
      {stage.step === 2 && (
        <CodeStep
          // The server's text, made here from the same template and value so a Spanish page shows it by key.
          sentMessage={dataMessage(MESSAGES.OTP_SENT, { sentTo: stage.sent.sentTo })}
          disabled={locked}
          busy={redeemCode.isPending}
          onSubmit={submitCode}
          onStartOver={startOver}
        />
      )}
      {stage.step === 3 && renderDone(stage.done as Result, stage.key)}
    </Stack>
  );
}

interface StepProps {
  disabled: boolean;
  busy: boolean;
}

function KeyStep({
  field,
  disabled,
  busy,
  onSubmit,
}: StepProps & { field: RecoveryKeyField; onSubmit: (key: string) => Promise<void> }) {
  const { t } = useI18n();
  const form = useForm({
    mode: 'controlled',
    initialValues: { key: '' },
    validate: formCheck(z.object({ key: field.schema }), (values: { key: string }) => values),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => onSubmit(values.key.trim()), focusFirstError(form.getInputNode))}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label={t(field.label)}
          description={field.description}
          type={field.type}
          withAsterisk
          maxLength={field.maxLength}
          autoComplete={field.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          {...localizedInputProps(form.getInputProps)('key')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={disabled}>
            {t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const AnswerValues = z.object({ answer: RecoveryAnswerBody.shape.answer });

function AnswerStep({
  question,
  disabled,
  busy,
  onSubmit,
  onStartOver,
}: StepProps & { question: string; onSubmit: (answer: string) => Promise<void>; onStartOver: () => void }) {
  const { t } = useI18n();
  const form = useForm({
    mode: 'controlled',
    initialValues: { answer: '' },
    validate: formCheck(AnswerValues, (values: { answer: string }) => values),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => onSubmit(values.answer.trim()), focusFirstError(form.getInputNode))}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label={question}
          description={t('recovery.answerHint')}
          withAsterisk
          maxLength={SECURITY_ANSWER_MAX}
          autoComplete="off"
          disabled={disabled}
          {...localizedInputProps(form.getInputProps)('answer')}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onStartOver} disabled={busy}>
            {t('recovery.startOver')}
          </Button>
          <Button type="submit" loading={busy} disabled={disabled}>
            {t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const CodeValues = z.object({ code: ForgotPasswordCodeParams.shape.otpCode });

function CodeStep({
  sentMessage,
  disabled,
  busy,
  onSubmit,
  onStartOver,
}: StepProps & { sentMessage: string; onSubmit: (code: string) => Promise<void>; onStartOver: () => void }) {
  const { t } = useI18n();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: formCheck(CodeValues, (values: { code: string }) => values),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => onSubmit(values.code.trim()), focusFirstError(form.getInputNode))}
      noValidate
    >
      <Stack gap="md">
        <MessageBanner kind="info" messages={sentMessage} />
        <TextInput
          label={t('recovery.code')}
          description={t('recovery.codeHint', { minutes: RECOVERY_CODE_TTL_MS / 60_000 })}
          withAsterisk
          maxLength={OTP_CODE_MAX}
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          {...localizedInputProps(form.getInputProps)('code')}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onStartOver} disabled={busy}>
            {t('recovery.startOver')}
          </Button>
          <Button type="submit" loading={busy} disabled={disabled}>
            {t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
