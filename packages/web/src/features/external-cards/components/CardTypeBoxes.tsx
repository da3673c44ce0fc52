import { Checkbox, Group } from '@mantine/core';
import type { CardTypeBox } from '../card-form';
import { useI18n } from '../../../lib/i18n';

export interface CardTypeBoxesProps {
  value: CardTypeBox[];
  onChange: (value: CardTypeBox[]) => void;
  error?: unknown;
  /** Mantine form's field path; set on the SNAP box so focusFirstError (getInputNode) lands there. */
  'data-path'?: string;
}

/** A§5: SNAP, WIC or both, at least one ('At least one card type (SNAP or WIC) must be selected.'). */
export function CardTypeBoxes({ value, onChange, error, 'data-path': dataPath }: CardTypeBoxesProps) {
  const { t, m } = useI18n();
  return (
    <Checkbox.Group
      label={t('cards.cardType')}
      withAsterisk
      value={value}
      onChange={(next) => onChange(next as CardTypeBox[])}
      error={typeof error === 'string' ? m(error) : undefined}
    >
      <Group gap="lg" mt="xs">
        <Checkbox value="snap" label="SNAP" data-path={dataPath} />
        <Checkbox value="wic" label="WIC" />
      </Group>
    </Checkbox.Group>
  );
}
