import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageProps {
  /** The screen's name: the h1 and the browser tab's title. */
  title: string;
  /** Shown right of the heading (a page's main actions). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** Every screen's frame: one h1, the document title, and its content in a vertical rhythm. */
export function Page({ title, actions, children }: PageProps) {
  return (
    <Stack gap="lg">
      {/* React 19 hoists <title> into <head>. */}
      <title>{`${title} · MarketLink`}</title>
      <Group justify="space-between" gap="sm">
        <Title order={1}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
