import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import { Page } from './Page';

export const PLACEHOLDER_TEXT = 'This screen arrives in a later release.';

/** A route whose screen is not built yet: it is reachable, named, and says so. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Alert variant="light" color="gray" icon={<IconTools aria-hidden />} maw={640}>
        {PLACEHOLDER_TEXT}
      </Alert>
    </Page>
  );
}

/** A route object for a screen still to come; the feature that builds it replaces the entry in its routes.tsx. */
export function placeholderRoute(path: string, title: string): RouteObject {
  return { path, element: <PlaceholderPage title={title} /> };
}
