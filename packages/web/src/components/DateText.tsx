import { displayDate, type DateDisplayFormat } from '@ebt/core/format';
import { Text, type TextProps } from '@mantine/core';
import { Fragment } from 'react';
import { useTimeShownIn, useTimeZone } from '../lib/clock';
import { useI18n } from '../lib/i18n';

export interface DateTextProps extends Omit<TextProps, 'children'> {
  /** 'YYYY-MM-DD' (a date-only field), an ISO 8601 instant, or a Date; empty shows `fallback`. */
  value: string | Date | null | undefined;
  /**
   * Without it a date-only value shows 'YYYY-MM-DD' and an instant 'YYYY-MM-DD HH:mm:ss' on the clock of the program
   * it belongs to (B§9, architecture.md "Dates", lib/clock.tsx). 'date' shows only an instant's local date; a date-only value never gains a time.
   */
  format?: DateDisplayFormat;
  /** Shown for an empty value; nothing by default. */
  fallback?: string;
}

/**
 * A date or date-time in a `<time dateTime>` element. Date-only values are shown as written and never pass through
 * Date, so 2024-03-01 stays 2024-03-01 in every time zone. Unreadable text is shown as it came.
 */
export function DateText({ value, format, fallback = '', style, ...others }: DateTextProps) {
  const { locale } = useI18n();
  const zone = useTimeZone();
  const shown = displayDate(value, format, zone, locale);
  useTimeShownIn(zone, shown?.instant === true);
  if (!shown)
    return fallback ? (
      <Text span inherit {...others}>
        {fallback}
      </Text>
    ) : null;
  return (
    <Text
      component={shown.dateTime ? 'time' : 'span'}
      dateTime={shown.dateTime}
      inherit
      style={[{ fontVariantNumeric: 'tabular-nums' }, style]}
      {...others}
    >
      {/* The date and the time each stay whole, but a narrow column (a phone's detail grid or table card) may put
          the time on a line of its own instead of running into the next value. */}
      {shown.text.split(' ').map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Fragment>
      ))}
    </Text>
  );
}
