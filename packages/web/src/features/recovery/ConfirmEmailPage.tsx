import { MESSAGES } from '@ebt/core/messages';
import { CURRENT_PASSWORD_MAX } from '@ebt/core/constants';
import { ConfirmEmailBody, type EmailChangeLinkInfo } from '@ebt/core/recovery';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MessageBanner } from '../../components/MessageBanner';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { useI18n } from '../../lib/i18n';
import { useConfirmEmailChange, useEmailChangeLink } from './api';
import { RecoveryFrame } from './components/RecoveryFrame';
import { formCheck } from '../../lib/form-check';

const LINK_GONE = [MESSAGES.EMAIL_CHANGE_LINK_INVALID];

/**
 * The new address, the account's password and a button: opening the link changes nothing by itself (a mail scanner
 * that follows links must not confirm an address for the person), and the password shows that the account's owner,
 * not only whoever reads the new mailbox, confirms it.
 */
function ConfirmForm({ hash, link, onDone }: { hash: string; link: EmailChangeLinkInfo; onDone: () => void }) {
  const { t } = useI18n();
  const confirm = useConfirmEmailChange(hash);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirm.isSuccess) doneRef.current?.focus();
  }, [confirm.isSuccess]);

  const form = useForm<ConfirmEmailBody>({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: formCheck(ConfirmEmailBody, (values: ConfirmEmailBody) => values),
  });
  const handleSubmit = form.onSubmit(
    (values) => confirm.mutate(values, { onSuccess: onDone }),
    focusFirstError(form.getInputNode),
  );

  if (confirm.isSuccess) {
    return (
      <Stack gap="md">
        <MessageBanner ref={doneRef} tabIndex={-1} kind="success" messages={confirm.data.message} />
        <Group>
          <Button component={Link} to={`/login?username=${encodeURIComponent(link.username)}`}>
            {t('confirmEmail.signIn')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const failure = confirm.isError ? errorMessagesOf(confirm.error, MESSAGES.GENERIC_ERROR, { 404: LINK_GONE[0] }) : [];
  return (
    <Stack gap="md">
      <Text style={{ overflowWrap: 'anywhere' }}>
        <Trans
          i18nKey="confirmEmail.intro"
          values={{ email: link.email, username: link.username }}
          components={{ strong: <strong /> }}
        />
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <MessageBanner kind="danger" messages={failure} />
          <PasswordInput
            label={t('confirmEmail.password')}
            description={t('confirmEmail.passwordHint')}
            withAsterisk
            maxLength={CURRENT_PASSWORD_MAX}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={confirm.isPending}>
              {t('confirmEmail.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * `/confirm-email?hash=` (ours; docs/security.md): the link sent to a new e-mail address staff gave an account. The
 * link is checked on load ('The confirmation link is no longer valid.' when it is not), then the person confirms.
 */
export default function ConfirmEmailPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash')?.trim() ?? '';
  const link = useEmailChangeLink(hash);
  const [done, setDone] = useState(false);

  let content;
  if (hash === '') {
    content = <MessageBanner kind="danger" messages={LINK_GONE} />;
  } else if (link.isPending) {
    content = <FullPageLoader label={t('confirmEmail.checking')} />;
  } else if (link.isError) {
    content = (
      <MessageBanner
        kind="danger"
        messages={isApiError(link.error, 400) || isApiError(link.error, 404) ? LINK_GONE : errorMessagesOf(link.error)}
      />
    );
  } else {
    content = <ConfirmForm hash={hash} link={link.data} onDone={() => setDone(true)} />;
  }
  // Once confirmed, the sign-in button (with the username filled in) is the way on; the frame's link would repeat it.
  return (
    <RecoveryFrame title={t('confirmEmail.title')} withSignInLink={!done}>
      {content}
    </RecoveryFrame>
  );
}
