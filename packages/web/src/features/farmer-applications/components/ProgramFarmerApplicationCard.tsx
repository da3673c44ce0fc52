import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useFarmerApplicationSettings } from '../api';
import { farmerApplicationSettingsPath } from '../paths';

/**
 * The admin program edit's part on the farmers' online application: whether the program takes applications and how
 * many questions it has, and the link to its settings page.
 */
export function ProgramFarmerApplicationCard({ programUuid }: { programUuid: string }) {
  const headingId = useId();
  const settings = useFarmerApplicationSettings(programUuid);
  const summary = settings.data
    ? `${settings.data.open ? 'Taking farmer applications' : 'Not taking farmer applications'}; ${questionCount(settings.data.questions.length)}.`
    : null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="h3" id={headingId}>
          Farmer application
        </Title>
        {summary && <Text>{summary}</Text>}
        <Anchor component={Link} to={farmerApplicationSettingsPath(programUuid)} fw={600}>
          Edit the farmer application settings
        </Anchor>
      </Stack>
    </Card>
  );
}

function questionCount(count: number): string {
  if (count === 0) return 'no question of its own';
  return count === 1 ? '1 question of its own' : `${count} questions of its own`;
}
