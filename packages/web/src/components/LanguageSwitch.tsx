import { isLanguage, LANGUAGES, type Language } from '@ebt/core/languages';
import { Anchor, Group } from '@mantine/core';
import { useLocation } from 'react-router';
import { callEndpoint } from '../lib/endpoint-client';
import { chooseLanguage, useI18n } from '../lib/i18n';
import { hasSession } from '../lib/session';

/** Staff portals stay English: no switch there. */
export function isStaffPath(pathname: string): boolean {
  return /^\/(program|admin)(\/|$)/.test(pathname);
}

/**
 * The language switch of the header and footer of the public and recipient pages (docs/i18n.md): each language
 * named in itself, the current one marked. The choice is shown at once, remembered on the device and, when signed
 * in, kept on the user so e-mails and SMS are sent in it.
 */
export function LanguageSwitch({ placement }: { placement: 'header' | 'footer' }) {
  const { t, language } = useI18n();
  const { pathname } = useLocation();
  if (isStaffPath(pathname)) return null;

  const choose = (next: Language) => {
    void chooseLanguage(next);
    if (hasSession()) {
      // The contract loads with the first change: the switch is on the sign-in page, whose first paint carries no schemas.
      void import('@ebt/core/account')
        .then(({ accountApi }) => callEndpoint(accountApi.setLanguage, { body: { language: next } }))
        .catch((error: unknown) => {
          // The page already speaks it; only the e-mails keep the previous language until the next choice.
          console.error('The language could not be kept on the user', error);
        });
    }
  };

  if (placement === 'header') {
    // The header is narrow (the recipient's navigation runs across it): one button, naming the other language in
    // that language, as bilingual US sites do.
    const other = LANGUAGES.find((option) => option !== language) ?? 'en';
    return (
      <Anchor
        component="button"
        type="button"
        fz="sm"
        fw={600}
        lang={other}
        aria-label={`${t(`language.${other}`)} (${t('language.label')})`}
        onClick={() => choose(other)}
        style={{ whiteSpace: 'nowrap' }}
      >
        {t(`language.${other}`)}
      </Anchor>
    );
  }

  return (
    <Group gap="xs" role="group" aria-label={t('language.label')} data-placement={placement} wrap="nowrap">
      {LANGUAGES.filter(isLanguage).map((option) => (
        <Anchor
          key={option}
          component="button"
          type="button"
          fz="sm"
          lang={option}
          fw={option === language ? 700 : 400}
          aria-current={option === language ? 'true' : undefined}
          onClick={() => choose(option)}
        >
          {t(`language.${option}`)}
        </Anchor>
      ))}
    </Group>
  );
}
