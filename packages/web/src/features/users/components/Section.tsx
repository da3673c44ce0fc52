import { Card, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled part of a user's detail: a card named by its heading, so each is a landmark region. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} id={headingId} fz="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
