import { Box, Fieldset } from '@mantine/core';
import type { ReactNode } from 'react';

/** The groups' legends read as small headings. */
const LEGEND_STYLES = {
  legend: { fontWeight: 650, fontSize: 'var(--mantine-font-size-md)', marginBottom: 'var(--mantine-spacing-xs)' },
};

export interface FieldGroupProps {
  /** Names the group (a fieldset's legend, read before each field); without it the fields stand alone. */
  legend?: string;
  /** Locks every field of the group (A§4: a recipient of account type 1 is read only). */
  disabled?: boolean;
}

/** The frame of PersonNameFields, AddressFields and ContactFields: a fieldset with its legend, or a plain box. */
export function FieldGroup({ legend, disabled = false, children }: FieldGroupProps & { children: ReactNode }) {
  if (!legend) return <Box>{children}</Box>;
  return (
    <Fieldset legend={legend} variant="unstyled" styles={LEGEND_STYLES} disabled={disabled}>
      {children}
    </Fieldset>
  );
}
