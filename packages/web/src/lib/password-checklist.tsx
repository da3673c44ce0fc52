import { PASSWORD_MAX, PASSWORD_MIN } from '@ebt/core/constants';
import { passwordChecklist, type PasswordChecklist as Checklist } from '@ebt/core/validation';
import { Box, Group, List, PasswordInput, Text, VisuallyHidden } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useId } from 'react';
import { useI18n } from './i18n';

// Shared by the account page (change password) and the activation and reset pages.

const ITEMS: { key: keyof Checklist; label: string }[] = [
  { key: 'lowercase', label: 'password.lowercase' },
  { key: 'uppercase', label: 'password.uppercase' },
  { key: 'number', label: 'password.number' },
  { key: 'special', label: 'password.special' },
  { key: 'length', label: 'password.length' },
];

/** Darker than Mantine's green-9 and red-9, so the words pass WCAG AA (4.5:1) on white and on the gray cards. */
const MET_INK = '#1e6b2f';
const UNMET_INK = '#a51d1d';

/**
 * A§5 live checklist: lowercase, uppercase, number, special and length, each marked met or not met by an icon, its
 * colour and words. The list is a polite live region and each item is atomic, so a screen reader says
 * "A number, met" when typing satisfies an item, without interrupting the typing.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useI18n();
  const result = passwordChecklist(password);
  const headingId = useId();

  return (
    <Box>
      <Text id={headingId} fz="sm" fw={600} mb={4}>
        {t('password.requirements')}
      </Text>
      <List
        aria-labelledby={headingId}
        aria-live="polite"
        spacing={2}
        size="sm"
        listStyleType="none"
        styles={{ itemWrapper: { alignItems: 'center' } }}
      >
        {ITEMS.map(({ key, label }) => {
          const met = result[key];
          const Icon = met ? IconCircleCheck : IconCircleX;
          return (
            <List.Item key={key} aria-atomic="true" data-met={met}>
              <Group gap={6} wrap="nowrap" c={met ? MET_INK : UNMET_INK}>
                <Icon size={18} stroke={1.75} aria-hidden />
                <Text fz="sm" c="inherit">
                  {t(label, { min: PASSWORD_MIN, max: PASSWORD_MAX })}
                  <VisuallyHidden>{met ? t('password.met') : t('password.notMet')}</VisuallyHidden>
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}

/**
 * The new-password input with its rule, the live checklist and the confirmation input: one block for the account
 * page, activation and reset, so the three screens cannot drift apart.
 */
export function NewPasswordFields({
  label: givenLabel,
  confirmLabel: givenConfirmLabel,
  password,
  passwordProps,
  confirmProps,
}: {
  label?: string;
  confirmLabel?: string;
  /** The current value of the new password, for the checklist. */
  password: string;
  passwordProps: GetInputPropsReturnType;
  confirmProps: GetInputPropsReturnType;
}) {
  const { t, m } = useI18n();
  const label = givenLabel ?? t('password.new');
  const confirmLabel = givenConfirmLabel ?? t('password.confirm');
  const localized = (props: GetInputPropsReturnType) =>
    typeof props.error === 'string' ? { ...props, error: m(props.error) } : props;
  return (
    <>
      <PasswordInput
        label={label}
        withAsterisk
        autoComplete="new-password"
        description={t('password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        {...localized(passwordProps)}
      />
      <PasswordChecklist password={password} />
      <PasswordInput label={confirmLabel} withAsterisk autoComplete="new-password" {...localized(confirmProps)} />
    </>
  );
}
