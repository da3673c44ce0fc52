import { SimpleGrid, Stack, Text, VisuallyHidden, type SimpleGridProps } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

const InFieldList = createContext(false);

export interface FieldListProps {
  /** Columns: one on phones, two from `sm`, three from `lg` unless given. */
  cols?: SimpleGridProps['cols'];
  children: ReactNode;
}

/**
 * Read-only facts of a detail screen (B§7 transaction detail, A§2 program detail) as a description list in a
 * responsive grid. Holds `<ReadOnlyField>`s.
 */
export function FieldList({ cols = { base: 1, sm: 2, lg: 3 }, children }: FieldListProps) {
  return (
    <InFieldList.Provider value>
      <SimpleGrid component="dl" cols={cols} spacing="lg" verticalSpacing="md" m={0}>
        {children}
      </SimpleGrid>
    </InFieldList.Provider>
  );
}

export interface ReadOnlyFieldProps {
  label: ReactNode;
  /** Text, `<Money>`, `<DateText>`, a link; empty shows a dash (read as 'not provided'). */
  value: ReactNode;
}

/**
 * One labelled value that cannot be edited. Inside `<FieldList>` it is a term and its description (dt/dd); on its
 * own a labelled block, so it is valid HTML either way.
 */
export function ReadOnlyField({ label, value }: ReadOnlyFieldProps) {
  const { t } = useI18n();
  const inList = useContext(InFieldList);
  const empty = value === null || value === undefined || value === '' || value === false;
  const shown = empty ? (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{t('kit.notProvided')}</VisuallyHidden>
    </>
  ) : (
    value
  );
  return (
    <Stack gap={2} miw={0}>
      <Text component={inList ? 'dt' : 'div'} fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component={inList ? 'dd' : 'div'} m={0} style={{ overflowWrap: 'anywhere' }}>
        {shown}
      </Text>
    </Stack>
  );
}
