import { Anchor, List, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '../lib/support';

export type FooterTopic = 'faq' | 'legal' | 'about';

const TOPICS: Record<FooterTopic, { title: string; body: ReactNode }> = {
  faq: {
    title: 'Frequently asked questions',
    body: (
      <Stack gap="sm">
        <Text fw={600}>I forgot my username or password.</Text>
        <Text>
          Use the &lsquo;Forgot username?&rsquo; or &lsquo;Forgot password?&rsquo; links on the sign-in page. You will
          answer your security question and enter a one-time code.
        </Text>
        <Text fw={600}>Why was I signed out?</Text>
        <Text>For your protection a session ends after 20 minutes without activity. Sign in again to continue.</Text>
        <Text fw={600}>Who do I contact for help?</Text>
        <Text>
          Write to <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>. Recipients can also ask the agency
          that enrolled them.
        </Text>
      </Stack>
    ),
  },
  legal: {
    title: 'Legal',
    body: (
      <Stack gap="sm">
        <Text>
          MarketLink is provided to program agencies, their staff and benefit recipients for the administration of
          food-assistance benefits. Use it only for the purpose your program allows.
        </Text>
        <List spacing="xs">
          <List.Item>Personal data is used only to administer the program you are enrolled in or work for.</List.Item>
          <List.Item>
            Card numbers, bank and tax data are stored encrypted and shown only to authorised staff.
          </List.Item>
          <List.Item>Activity is recorded so that every change can be traced to the person who made it.</List.Item>
        </List>
      </Stack>
    ),
  },
  about: {
    title: 'About MarketLink',
    body: (
      <Text>
        MarketLink manages electronic benefits for food-assistance programs such as farmers market nutrition and
        incentive programs. Program staff issue benefits and manage recipients, merchants and cards; recipients check
        balances, transactions and the markets that accept their benefits.
      </Text>
    ),
  },
};

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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={TOPICS[topic].title}
      size="lg"
      centered
      // Mantine's close button has no name of its own (axe: button-name).
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {TOPICS[topic].body}
    </Modal>
  );
}
