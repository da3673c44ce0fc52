import { formatMoney } from '@ebt/core/format';
import { Text, type TextProps } from '@mantine/core';
import { useI18n } from '../lib/i18n';

export interface MoneyProps extends Omit<TextProps, 'children'> {
  /** Dollars as the wire carries them (a number or decimal text); null, undefined and '' show $0.00 (A§9). */
  value: number | string | null | undefined;
}

/**
 * An amount in USD with thousands separators and two decimals (A§9, `formatMoney`), in tabular figures so the
 * digits of a column line up; it inherits the surrounding font and never breaks across lines.
 */
export function Money({ value, style, ...others }: MoneyProps) {
  const { locale } = useI18n();
  return (
    <Text span inherit style={[{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }, style]} {...others}>
      {formatMoney(value, locale)}
    </Text>
  );
}
