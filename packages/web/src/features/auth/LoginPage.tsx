import type { LoginFormValues } from '@ebt/core/auth';
import { MESSAGES } from '@ebt/core/messages';
import { areaForPrivileges } from '@ebt/core/privileges';
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { formCheck } from '../../lib/form-check';
import { endSession, useLogin } from './api';
import { localizedErrors, useI18n } from '../../lib/i18n';

/**
 * A§4 Login and A§8: a 401 shows the server's logon error and any other failure 'Unable to login at this time.'.
 * A 429 (our lock, decision 0002) is such a failure, but the person must learn when they may try again, so its
 * reason follows the specification's text. Each message is its own item, so each is shown in the page's language.
 */
export function loginErrorMessage(error: unknown): string[] {
  if (isApiError(error, 401)) return [error.messages[0] ?? MESSAGES.LOGIN_INVALID];
  if (isApiError(error, 429)) return [MESSAGES.LOGIN_UNAVAILABLE, error.messages[0] ?? MESSAGES.LOGIN_LOCKED];
  return [MESSAGES.LOGIN_UNAVAILABLE];
}

/**
 * The form's rule, LoginFormValues, and zod with it: loaded when the person reaches the form or submits it, not
 * with the startup code that every page, signed in or not, parses and runs before its first render.
 */
const loadLoginRule = () => import('@ebt/core/auth').then((module) => module.LoginFormValues);

/** `/` and `/login` (A§2): the sign-in form; `?username=` prefills the username. */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const { t, m } = useI18n();
  const [failure, setFailure] = useState<string[] | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const form = useForm<LoginFormValues>({
    mode: 'uncontrolled',
    initialValues: { username: searchParams.get('username') ?? '', password: '' },
  });

  // A link that names the user (`/login?username=`, after activation or a reset) leaves only the password to type.
  const prefilled = (searchParams.get('username') ?? '') !== '';
  useEffect(() => {
    if (prefilled) form.getInputNode('password')?.focus();
    // Once, when the page opens: later renders must not pull focus away from where the person is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const showFailure = (message: string | string[]) => {
    setFailure(typeof message === 'string' ? [message] : message);
    // Move focus to the message so a screen-reader user hears why the sign-in failed.
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.getValues();
    let rule: Awaited<ReturnType<typeof loadLoginRule>>;
    try {
      rule = await loadLoginRule();
    } catch (error) {
      console.error('The sign-in form could not be loaded', error);
      showFailure(MESSAGES.LOGIN_UNAVAILABLE);
      return;
    }
    const errors = localizedErrors(formCheck(rule, (typed: LoginFormValues) => typed)(values));
    form.setErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) {
      form.getInputNode(first)?.focus();
      return;
    }
    setFailure(null);
    let area: ReturnType<typeof areaForPrivileges>;
    try {
      const user = await login.mutateAsync(values);
      area = areaForPrivileges(user.privileges);
    } catch (error) {
      if (!isApiError(error)) console.error('Sign-in failed', error);
      showFailure(loginErrorMessage(error));
      return;
    }
    if (area === null) {
      // Signed in, but no portal serves this user: end the session the server just opened.
      await endSession(queryClient);
      showFailure(MESSAGES.PORTAL_NOT_AVAILABLE);
      return;
    }
    await navigate(`/${area}`, { replace: true });
  };

  return (
    <Stack align="center" py="xl">
      <title>{`${t('login.title')} · MarketLink`}</title>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{t('login.title')}</Title>
            <Text c="dimmed">{t('login.intro')}</Text>
          </Stack>

          {failure && (
            <Alert
              ref={alertRef}
              tabIndex={-1}
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
            >
              {failure.map(m).join(' ')}
            </Alert>
          )}

          <form onSubmit={(event) => void handleSubmit(event)} onFocus={() => void loadLoginRule()} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('login.username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                withAsterisk
                key={form.key('username')}
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                withAsterisk
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <Button type="submit" fullWidth loading={login.isPending}>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>

          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/forgotusername" fz="sm">
              {t('login.forgotUsername')}
            </Anchor>
            <Anchor component={Link} to="/forgotpass" fz="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
