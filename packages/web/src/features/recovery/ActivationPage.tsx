import { SECURITY_ANSWER_MAX } from '@ebt/core/constants';
import { OTP_PREFERENCE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import type { ActivationLinkInfo } from '@ebt/core/recovery';
import { password, securityAnswer } from '@ebt/core/validation';
import { Button, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MessageBanner } from '../../components/MessageBanner';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { NewPasswordFields } from '../../lib/password-checklist';
import { useActivateUser, useActivationLink } from './api';
import { RecoveryFrame } from './components/RecoveryFrame';

/**
 * A§5 "Activation": password rules, matching confirmation, a question, an answer of 2 to 100 and email or sms. The
 * same rules as core's ActivateUserBody, with the question as the select's text value and without the link's hash.
 */
const ActivationValues = z
  .object({
    password: password(),
    confirmPassword: z.string(),
    questionId: z.string().min(1, MESSAGES.SECURITY_QUESTION_INVALID),
    answer: securityAnswer(),
    otpPreference: z.enum(OTP_PREFERENCE, { error: MESSAGES.OTP_PREFERENCE_INVALID }),
  })
  .refine((v) => v.confirmPassword === v.password, {
    message: MESSAGES.PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
type ActivationValues = {
  password: string;
  confirmPassword: string;
  questionId: string;
  answer: string;
  otpPreference: string;
};

/** What the activation answered: the success text and the username for the sign-in link. */
interface Activated {
  message: string;
  username: string;
}

function ActivationForm({
  hash,
  link,
  onActivated,
}: {
  hash: string;
  link: ActivationLinkInfo;
  onActivated: (done: Activated) => void;
}) {
  const activate = useActivateUser();
  const form = useForm<ActivationValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '', questionId: '', answer: '', otpPreference: 'email' },
    validate: schemaResolver(ActivationValues, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await activate.mutateAsync({
        password: values.password,
        confirmPassword: values.confirmPassword,
        questionId: Number(values.questionId),
        answer: values.answer.trim(),
        otpPreference: values.otpPreference === 'sms' ? 'sms' : 'email',
        hash,
      });
      onActivated({ message: MESSAGES.ACTIVATION_SUCCESS, username: answer.username });
    } catch {
      // The banner shows why (A§8: a 404 on submit is 'The activation link is invalid.').
    }
  }, focusFirstError(form.getInputNode));

  const failure = activate.isError
    ? errorMessagesOf(activate.error, MESSAGES.GENERIC_ERROR, { 404: MESSAGES.ACTIVATION_LINK_INVALID })
    : [];

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>
          Hello {link.firstname}. Choose a password, a security question and how to receive verification codes for the
          username <strong>{link.username}</strong>.
        </Text>
        <MessageBanner kind="danger" messages={failure} />
        <TextInput label="Username" value={link.username} readOnly variant="filled" autoComplete="username" />
        <NewPasswordFields
          label="Password"
          confirmLabel="Confirm password"
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        <Select
          label="Security question"
          withAsterisk
          placeholder="Choose a question"
          data={link.questions.map((question) => ({ value: String(question.id), label: question.text }))}
          allowDeselect={false}
          {...form.getInputProps('questionId')}
        />
        <TextInput
          label="Answer"
          withAsterisk
          maxLength={SECURITY_ANSWER_MAX}
          autoComplete="off"
          description="2 to 100 characters. Capital letters and spaces around the answer do not matter."
          {...form.getInputProps('answer')}
        />
        <Radio.Group label="Send verification codes by" withAsterisk {...form.getInputProps('otpPreference')}>
          <Group gap="lg" mt={6}>
            <Radio value="email" label="E-mail" />
            <Radio value="sms" label="Text message (SMS)" />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={activate.isPending}>
            Activate account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** After activation: the quoted success text (A§8) and a Login link that fills in the username (A§2). */
function ActivationDone({ done }: { done: Activated }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={2} ref={headingRef} tabIndex={-1}>
        Your account is active
      </Title>
      <MessageBanner kind="success" messages={done.message} />
      <Group>
        <Button component={Link} to={`/login?username=${encodeURIComponent(done.username)}`}>
          Login
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/validate?hash=` (A§2, A§4 "Activation and reset"): the link is checked on load ('The activation link is no
 * longer valid.' when it is not); then the person sets a password, a security question and answer, and the way
 * verification codes reach them.
 */
export default function ActivationPage() {
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash')?.trim() ?? '';
  const link = useActivationLink(hash);
  const [done, setDone] = useState<Activated | null>(null);

  let content;
  if (done) {
    content = <ActivationDone done={done} />;
  } else if (hash === '') {
    content = <MessageBanner kind="danger" messages={MESSAGES.ACTIVATION_LINK_INVALID} />;
  } else if (link.isPending) {
    content = <FullPageLoader label="Checking the activation link" />;
  } else if (link.isError) {
    content = (
      <MessageBanner
        kind="danger"
        messages={
          isApiError(link.error, 400) || isApiError(link.error, 404)
            ? [MESSAGES.ACTIVATION_LINK_EXPIRED]
            : errorMessagesOf(link.error)
        }
      />
    );
  } else {
    content = <ActivationForm hash={hash} link={link.data} onActivated={setDone} />;
  }

  // Once active, the Login button is the way on; a second "Back to sign in" link would say the same.
  return (
    <RecoveryFrame title="Account activation" withSignInLink={done === null}>
      {content}
    </RecoveryFrame>
  );
}
