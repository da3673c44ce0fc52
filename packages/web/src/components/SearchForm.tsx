import { MESSAGES } from '@ebt/core/messages';
import { Button, Group, SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

export interface SearchFormProps {
  /** Runs the search; only called while `canSearch` and not `loading`. */
  onSubmit: () => void;
  /**
   * Whether any criterion is entered: the area's own rule from core where it has one (recipients, applicants), else
   * `hasAnyCriterion` of lib/search.ts.
   */
  canSearch: boolean;
  /** Shows a Clear button; focus returns to the first field after it. */
  onClear?: () => void;
  loading?: boolean;
  /** More buttons after Search and Clear (Export, New Recipient). */
  actions?: ReactNode;
  /** Why Search is unavailable: A§5 'At least one field must be entered.'; the user search has its own (res. 14). */
  requirementMessage?: string;
  /** Names the search landmark; give each search on a page its own. */
  label?: string;
  /** Columns of the field grid: one on phones, two from `xs`, three from `md` unless given. */
  cols?: SimpleGridProps['cols'];
  children: ReactNode;
}

/**
 * The criteria form of every search screen (A§5 Recipient forms "Search", B§5): the fields in a responsive grid,
 * then Search, Clear and the screen's own actions. Enter in a field searches. Search stays unavailable until a
 * criterion is entered; it remains focusable (aria-disabled) and names the reason, shown under it, through
 * aria-describedby, so keyboard and screen-reader users learn why it does nothing.
 */
export function SearchForm({
  onSubmit,
  canSearch,
  onClear,
  loading = false,
  actions,
  requirementMessage = MESSAGES.AT_LEAST_ONE_FIELD,
  label: givenLabel,
  cols = { base: 1, xs: 2, md: 3 },
  children,
}: SearchFormProps) {
  const { t, m } = useI18n();
  const label = givenLabel ?? t('kit.searchCriteria');
  const formRef = useRef<HTMLFormElement>(null);
  const helpId = useId();
  const blocked = !canSearch;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSearch && !loading) onSubmit();
  };

  const handleClear = () => {
    onClear?.();
    formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
  };

  return (
    <form ref={formRef} role="search" aria-label={label} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={cols} spacing="md" verticalSpacing="sm">
          {children}
        </SimpleGrid>
        <Stack gap={6}>
          <Group gap="sm">
            <Button
              type="submit"
              leftSection={<IconSearch aria-hidden size={18} />}
              loading={loading}
              aria-disabled={blocked || undefined}
              data-disabled={blocked || undefined}
              aria-describedby={blocked ? helpId : undefined}
            >
              {t('common.search')}
            </Button>
            {onClear && (
              <Button type="button" variant="default" onClick={handleClear} disabled={loading}>
                {t('common.clear')}
              </Button>
            )}
            {actions}
          </Group>
          {blocked && (
            <Text id={helpId} fz="sm" c="dimmed">
              {m(requirementMessage)}
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
