import '@mantine/dates/styles.layer.css';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
// The calendar's month and day names come from dayjs: its Spanish beside its built-in English.
import 'dayjs/locale/es';
import { useState, type ChangeEvent } from 'react';
import { shownDateText, typedDateValue } from '../lib/date-input';
import { useI18n } from '../lib/i18n';

/** The calendar's buttons have no names of their own (axe: button-name): catalogue keys (lib/i18n). */
const CALENDAR_LABELS = {
  previousMonth: 'kit.previousMonth',
  nextMonth: 'kit.nextMonth',
  previousYear: 'kit.previousYear',
  nextYear: 'kit.nextYear',
  previousDecade: 'kit.previousDecade',
  nextDecade: 'kit.nextDecade',
  monthLevelControl: 'kit.chooseMonth',
  yearLevelControl: 'kit.chooseYear',
};

/** A date as the specification writes it (B§9 `yyyy-MM-dd`); anything else is still being typed. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'min' | 'max' | 'type'> {
  label: string;
  /** 'YYYY-MM-DD', or what the person has typed so far; '' (or nothing) for none. */
  value?: string;
  /** Called with the text typed or the date picked, both as 'YYYY-MM-DD' (a form's getInputProps onChange fits). */
  onChange: (value: string) => void;
  /** The first and last dates the calendar offers, 'YYYY-MM-DD'; the form's rule still says why a typed one is refused. */
  min?: string;
  max?: string;
}

/**
 * Every date a form asks for (A§5 benefit dates, search date ranges): a text field shown and typed as
 * 'YYYY-MM-DD', the form the specification and its error 'Enter a date as YYYY-MM-DD.' use, whatever the browser's
 * language (a native date input shows mm/dd/yyyy in en-US); on a Spanish page day first, 'DD/MM/AAAA', as Spanish
 * dates are written (lib/date-input.ts), the value still 'YYYY-MM-DD'. The calendar button beside it picks a date
 * into the same text, so typing and picking give one value and one validation; the calendar speaks the page's
 * language (dayjs's month and day names, through Mantine's DatesProvider).
 */
export function DateField({ label, value = '', onChange, min, max, disabled, readOnly, ...rest }: DateFieldProps) {
  const { t, language } = useI18n();
  const [opened, setOpened] = useState(false);
  const shown = ISO_DATE.test(value) ? value : undefined;
  return (
    <TextInput
      label={label}
      placeholder={t('kit.datePlaceholder')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      disabled={disabled}
      readOnly={readOnly}
      {...rest}
      value={shownDateText(value, language)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(typedDateValue(event.currentTarget.value, language))}
      rightSectionPointerEvents="all"
      rightSection={
        disabled || readOnly ? undefined : (
          <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus returnFocus shadow="md">
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label={t('kit.chooseFromCalendar', { label: label.toLowerCase() })}
                aria-expanded={opened}
                onClick={() => setOpened((open) => !open)}
              >
                <IconCalendar aria-hidden size={18} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <DatesProvider settings={{ locale: language }}>
                <DatePicker
                  value={shown ?? null}
                  defaultDate={shown}
                  minDate={min}
                  maxDate={max}
                  ariaLabels={Object.fromEntries(Object.entries(CALENDAR_LABELS).map(([k, v]) => [k, t(v)]))}
                  // Mantine colours weekends red-6, below AA on white; a date form has no use for the difference.
                  weekendDays={[]}
                  onChange={(picked) => {
                    if (picked) onChange(picked.slice(0, 10));
                    setOpened(false);
                  }}
                />
              </DatesProvider>
            </Popover.Dropdown>
          </Popover>
        )
      }
    />
  );
}
