import { Card, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * One titled part of a detail screen (a recipient, a merchant, a user): a card named by its heading, so each part is
 * a landmark region a screen reader can jump to.
 */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
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
