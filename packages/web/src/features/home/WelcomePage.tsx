import { Anchor, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsExchange, IconBuildingStore, IconCash, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { useSessionUser } from '../../lib/session-user';
import { SUPPORT_EMAIL } from '../../lib/support';

const SHORTCUTS = [
  { label: 'Recipients', to: '/program/recipients', icon: IconUsers, text: 'Find, add and update recipients.' },
  { label: 'Benefits', to: '/program/benefits', icon: IconCash, text: 'Issue and maintain benefits.' },
  { label: 'Transactions', to: '/program/transactions', icon: IconArrowsExchange, text: 'Review redemptions.' },
  { label: 'Merchants', to: '/program/merchants', icon: IconBuildingStore, text: 'See participating merchants.' },
];

/** `/program` and `/program/home` (A§1, A§2 Welcome page): the program's name, what the portal does, support. */
export default function WelcomePage() {
  const user = useSessionUser();
  const programNames = user.programs.map((program) => program.programName);

  return (
    <Page title="Welcome">
      <Card withBorder padding="lg" maw={880}>
        <Stack gap="sm">
          {programNames.length === 0 ? (
            <Text fw={600}>You are not assigned to a program yet.</Text>
          ) : programNames.length === 1 ? (
            <Title order={2}>{programNames[0]}</Title>
          ) : (
            <>
              <Title order={2}>Your programs</Title>
              <List>
                {programNames.map((name) => (
                  <List.Item key={name}>{name}</List.Item>
                ))}
              </List>
            </>
          )}
          <Text>
            This portal enables management of electronic benefits issued by the program&rsquo;s administrative agency
            and gives access to and reporting on current program data.
          </Text>
          <Text>
            For support, e-mail the provider at <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
          </Text>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} maw={1100} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {SHORTCUTS.map(({ label, to, icon: Icon, text }) => (
          <li key={to}>
            <Card withBorder padding="md" h="100%">
              <Stack gap="xs">
                <ThemeIcon variant="light" size="lg" aria-hidden>
                  <Icon size={20} stroke={1.5} />
                </ThemeIcon>
                <Anchor component={Link} to={to} fw={600}>
                  {label}
                </Anchor>
                <Text fz="sm" c="dimmed">
                  {text}
                </Text>
              </Stack>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </Page>
  );
}
