import { maskPan } from '@ebt/core/format';
import { Text, VisuallyHidden, type TextProps } from '@mantine/core';
import { useI18n } from '../lib/i18n';

export interface MaskedPanProps extends Omit<TextProps, 'children'> {
  pan: string | null | undefined;
}

/**
 * A card number as '*' and its last four digits (B§9, architecture.md "Card numbers"). Screen readers hear
 * 'card ending in 6789' instead of 'star 6789'. Shows nothing for an empty value.
 */
export function MaskedPan({ pan, style, ...others }: MaskedPanProps) {
  const { t } = useI18n();
  const masked = maskPan(pan);
  if (!masked) return null;
  return (
    <Text span inherit style={[{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }, style]} {...others}>
      <span aria-hidden="true">{masked}</span>
      <VisuallyHidden>{t('kit.cardEndingIn', { last4: masked.slice(1) })}</VisuallyHidden>
    </Text>
  );
}
