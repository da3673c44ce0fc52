import { Anchor, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { UserAgency, UserProgram } from '../schemas';

/**
 * The user's programs and agencies (B§2: the recipient-user form and the admin view show them); each agency links to
 * /program/agency/{agencyUuid} on the program side (B§2), /admin/agency/{agencyUuid} on the admin side.
 */
export function UserPlaces({
  programs,
  agencies,
  base,
  highlight,
}: {
  programs: readonly UserProgram[];
  agencies: readonly UserAgency[];
  base: 'program' | 'admin';
  /** The program of the path (resolution 3: it selects which program is highlighted). */
  highlight?: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="xs">
        <Text fw={650}>Programs</Text>
        {programs.length === 0 ? (
          <Text c="gray.7">None</Text>
        ) : (
          <List>
            {programs.map((p) => {
              const current = highlight === p.programUuid;
              return (
                <List.Item key={p.programUuid}>
                  <Text span fw={current ? 700 : undefined} aria-current={current ? 'true' : undefined}>
                    {p.programName}
                  </Text>
                </List.Item>
              );
            })}
          </List>
        )}
      </Stack>
      <Stack gap="xs">
        <Text fw={650}>Agencies</Text>
        {agencies.length === 0 ? (
          <Text c="gray.7">None</Text>
        ) : (
          <List>
            {agencies.map((a) => (
              <List.Item key={a.agencyUuid}>
                <Anchor component={Link} to={`/${base}/agency/${a.agencyUuid}`}>
                  {a.agencyName}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </SimpleGrid>
  );
}
