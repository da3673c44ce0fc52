import { Group, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
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

/**
 * A date and a time in local time (A§9 transaction search): the kit's DateField ('YYYY-MM-DD', typed or picked) and
 * a time field beside it (the browser's own time input, keyboard-operable), one value 'YYYY-MM-DD HH:mm'. The error
 * is shown under the date.
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
        style={{ flex: 2, minWidth: 0 }}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(joinDateTime(date, event.currentTarget.value))}
      />
    </Group>
  );
}
