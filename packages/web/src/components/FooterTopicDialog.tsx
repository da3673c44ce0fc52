import { Anchor, List, Modal, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { SUPPORT_EMAIL } from '../lib/support';

export type FooterTopic = 'faq' | 'legal' | 'about';

function topicOf(topic: FooterTopic, t: TFunction): { title: string; body: ReactNode } {
  switch (topic) {
    case 'faq':
      return {
        title: t('footer.faqTitle'),
        body: (
          <Stack gap="sm">
            <Text fw={600}>{t('footer.faqForgotQ')}</Text>
            <Text>{t('footer.faqForgotA')}</Text>
            <Text fw={600}>{t('footer.faqSignedOutQ')}</Text>
            <Text>{t('footer.faqSignedOutA')}</Text>
            <Text fw={600}>{t('footer.faqContactQ')}</Text>
            <Text>
              {t('footer.faqContactWrite')} <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.{' '}
              {t('footer.faqContactAgency')}
            </Text>
          </Stack>
        ),
      };
    case 'legal':
      return {
        title: t('footer.legal'),
        body: (
          <Stack gap="sm">
            <Text>{t('footer.legalIntro')}</Text>
            <List spacing="xs">
              <List.Item>{t('footer.legalData')}</List.Item>
              <List.Item>{t('footer.legalEncrypted')}</List.Item>
              <List.Item>{t('footer.legalRecorded')}</List.Item>
            </List>
          </Stack>
        ),
      };
    case 'about':
      return { title: t('footer.aboutTitle'), body: <Text>{t('footer.aboutText')}</Text> };
  }
}

/**
 * The footer's FAQ, Legal or About dialog. A file of its own so the dialog's code (Modal, focus trap, transitions)
 * loads only when someone opens it, not with every page.
 */
export default function FooterTopicDialog({
  topic,
  opened,
  onClose,
}: {
  topic: FooterTopic;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const shown = topicOf(topic, t);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shown.title}
      size="lg"
      centered
      // Mantine's close button has no name of its own (axe: button-name).
      closeButtonProps={{ 'aria-label': t('kit.closeDialog') }}
    >
      {shown.body}
    </Modal>
  );
}
