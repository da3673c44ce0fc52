import { PASSWORD_MAX, PASSWORD_MIN } from '@ebt/core/constants';
import { passwordChecklist, type PasswordChecklist as Checklist } from '@ebt/core/validation';
import { Box, Group, List, PasswordInput, Text, VisuallyHidden } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useId } from 'react';

// Shared by the account page (change password) and the activation and reset pages.

const ITEMS: { key: keyof Checklist; label: string }[] = [
  { key: 'lowercase', label: 'A lowercase letter' },
  { key: 'uppercase', label: 'An uppercase letter' },
  { key: 'number', label: 'A number' },
  { key: 'special', label: 'A special character' },
  { key: 'length', label: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters` },
];

/** Darker than Mantine's green-9 and red-9, so the words pass WCAG AA (4.5:1) on white and on the gray cards. */
const MET_INK = '#1e6b2f';
const UNMET_INK = '#a51d1d';

/** The description a new-password input carries, so a screen reader hears the rule before typing. */
export const PASSWORD_RULE_TEXT = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters with a lowercase letter, an uppercase letter, a number and a special character.`;

/**
 * A§5 live checklist: lowercase, uppercase, number, special and length, each marked met or not met by an icon, its
 * colour and words. The list is a polite live region and each item is atomic, so a screen reader says
 * "A number, met" when typing satisfies an item, without interrupting the typing.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const result = passwordChecklist(password);
  const headingId = useId();

  return (
    <Box>
      <Text id={headingId} fz="sm" fw={600} mb={4}>
        Password requirements
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
                  {label}
                  <VisuallyHidden>{met ? ', met' : ', not met'}</VisuallyHidden>
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
  label = 'New password',
  confirmLabel = 'Confirm new password',
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
  return (
    <>
      <PasswordInput
        label={label}
        withAsterisk
        autoComplete="new-password"
        description={PASSWORD_RULE_TEXT}
        {...passwordProps}
      />
      <PasswordChecklist password={password} />
      <PasswordInput label={confirmLabel} withAsterisk autoComplete="new-password" {...confirmProps} />
    </>
  );
}
