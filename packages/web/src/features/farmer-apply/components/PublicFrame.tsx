import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of the farmer's public pages, as the online application's: one column on a card, the page's h1 and the
 * browser tab's title. Narrow enough to read on a desk, edge to edge on a phone.
 */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack align="center" py={{ base: 'xs', sm: 'xl' }}>
      {/* React 19 hoists <title> into <head>. */}
      <title>{`${title} · MarketLink`}</title>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'sm', xs: 'md', sm: 'xl' }} w="100%" maw={760}>
        <Stack gap="lg">
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
