import { Group, TextInput } from '@mantine/core';
import type { ChangeEvent, CSSProperties } from 'react';
import { joinDateTime, splitDateTime } from '../lib/date-time';
import { DateField } from './DateField';

export interface DateTimeFieldProps {
  label: string;
  /** The time field's label ('Start time'). */
  timeLabel: string;
  /** 'YYYY-MM-DD HH:mm' in local time, the date alone while no time is given, '' for none. */
  value?: string;
  onChange: (value: string) => void;
  /** The first and last dates the calendar offers, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
  error?: React.ReactNode;
  /** Mantine form's input props pass through to the date field (its `data-path` lets a failing form focus it). */
  [prop: `data-${string}`]: unknown;
}

/** Read by screen readers, not drawn (Mantine's VisuallyHidden, as a style for the error element). */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * A date and a time in local time (A§9 transaction search): the kit's DateField ('YYYY-MM-DD', typed or picked) and
 * a time field beside it (the browser's own time input, keyboard-operable), one value 'YYYY-MM-DD HH:mm'. The error
 * is shown once, under the date; the time field is marked invalid too and carries the same text, hidden from sight,
 * so a person on the time field hears why (WCAG 3.3.1); aria-hidden keeps a screen reader from reading it twice.
 */
export function DateTimeField({
  label,
  timeLabel,
  value = '',
  onChange,
  min,
  max,
  error,
  ...rest
}: DateTimeFieldProps) {
  const { date, time } = splitDateTime(value);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <DateField
        {...rest}
        label={label}
        value={date}
        min={min}
        max={max}
        error={error}
        style={{ flex: 3, minWidth: 0 }}
        onChange={(next) => onChange(joinDateTime(next, time))}
      />
      <TextInput
        label={timeLabel}
        type="time"
        value={time}
        error={error}
        errorProps={{ style: VISUALLY_HIDDEN, 'aria-hidden': true }}
        style={{ flex: 2, minWidth: 0 }}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(joinDateTime(date, event.currentTarget.value))}
      />
    </Group>
  );
}
