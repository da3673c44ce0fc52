import { Anchor, Group, Text } from '@mantine/core';
import { COPYRIGHT_START_YEAR } from '@ebt/core/constants';
import { lazy, Suspense, useState } from 'react';
import type { FooterTopic } from './FooterTopicDialog';
import { useI18n } from '../lib/i18n';
import { LanguageSwitch } from './LanguageSwitch';

// The dialog is not needed to show a page; its code loads the first time someone opens a topic.
const FooterTopicDialog = lazy(() => import('./FooterTopicDialog'));

const TOPIC_LINKS: { topic: FooterTopic; label: string }[] = [
  { topic: 'faq', label: 'footer.faq' },
  { topic: 'legal', label: 'footer.legal' },
  { topic: 'about', label: 'footer.about' },
];

/** FAQ, Legal and About (each in a dialog) and the copyright line (A§1: starting in 2020). */
export function AppFooter() {
  // The topic outlives the dialog's closing animation, so the title does not vanish while it fades out.
  const { t } = useI18n();
  const [topic, setTopic] = useState<FooterTopic | null>(null);
  const [opened, setOpened] = useState(false);
  const year = new Date().getFullYear();

  return (
    <Group component="footer" justify="space-between" gap="xs" py="md" px="md" wrap="wrap">
      <Group gap="md" component="nav" aria-label={t('footer.navLabel')}>
        {TOPIC_LINKS.map((link) => (
          <Anchor
            key={link.topic}
            component="button"
            type="button"
            fz="sm"
            onClick={() => {
              setTopic(link.topic);
              setOpened(true);
            }}
          >
            {t(link.label)}
          </Anchor>
        ))}
      </Group>
      <LanguageSwitch placement="footer" />
      <Text fz="sm" c="dimmed">
        © {COPYRIGHT_START_YEAR}–{Math.max(year, COPYRIGHT_START_YEAR)} MarketLink
      </Text>
      {topic && (
        <Suspense fallback={null}>
          <FooterTopicDialog topic={topic} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </Group>
  );
}
