import { SECURITY_ANSWER_MAX } from '@ebt/core/constants';
import { OTP_PREFERENCE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import type { ActivationLinkInfo } from '@ebt/core/recovery';
import { password, securityAnswer } from '@ebt/core/validation';
import { Button, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MessageBanner } from '../../components/MessageBanner';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { localizedInputProps, useI18n } from '../../lib/i18n';
import { NewPasswordFields } from '../../lib/password-checklist';
import { useActivateUser, useActivationLink } from './api';
import { RecoveryFrame } from './components/RecoveryFrame';
import { formCheck } from '../../lib/form-check';

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
  const { t } = useI18n();
  const activate = useActivateUser();
  const form = useForm<ActivationValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '', questionId: '', answer: '', otpPreference: 'email' },
    validate: formCheck(ActivationValues, (values: ActivationValues) => values),
  });

  const inputProps = localizedInputProps(form.getInputProps);

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
          <Trans
            i18nKey="activation.hello"
            values={{ name: link.firstname, username: link.username }}
            components={{ strong: <strong /> }}
          />
        </Text>
        <MessageBanner kind="danger" messages={failure} />
        <TextInput
          label={t('login.username')}
          value={link.username}
          readOnly
          variant="filled"
          autoComplete="username"
        />
        <NewPasswordFields
          label={t('activation.password')}
          confirmLabel={t('activation.confirmPassword')}
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        <Select
          label={t('account.securityQuestion')}
          withAsterisk
          placeholder={t('account.chooseQuestion')}
          data={link.questions.map((question) => ({ value: String(question.id), label: question.text }))}
          allowDeselect={false}
          {...inputProps('questionId')}
        />
        <TextInput
          label={t('account.answer')}
          withAsterisk
          maxLength={SECURITY_ANSWER_MAX}
          autoComplete="off"
          description={t('account.answerHint')}
          {...inputProps('answer')}
        />
        <Radio.Group label={t('activation.sendCodesBy')} withAsterisk {...inputProps('otpPreference')}>
          <Group gap="lg" mt={6}>
            <Radio value="email" label={t('activation.email')} />
            <Radio value="sms" label={t('activation.sms')} />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={activate.isPending}>
            {t('activation.activate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** After activation: the quoted success text (A§8) and a Login link that fills in the username (A§2). */
function ActivationDone({ done }: { done: Activated }) {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={2} ref={headingRef} tabIndex={-1}>
        {t('activation.active')}
      </Title>
      <MessageBanner kind="success" messages={done.message} />
      <Group>
        <Button component={Link} to={`/login?username=${encodeURIComponent(done.username)}`}>
          {t('activation.login')}
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
  const { t } = useI18n();
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
    content = <FullPageLoader label={t('activation.checking')} />;
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
    <RecoveryFrame title={t('activation.title')} withSignInLink={done === null}>
      {content}
    </RecoveryFrame>
  );
}
