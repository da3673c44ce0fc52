import { Card, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One card of the account page: a named region with an h2, so each form is a landmark a reader can jump to. */
export function AccountSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} id={headingId}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
