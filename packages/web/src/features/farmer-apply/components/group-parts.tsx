import { Box, VisuallyHidden } from '@mantine/core';
import { useI18n } from '../../../lib/i18n';

/** A group's legend reads as a small heading, as the kit's field groups do. */
export const GROUP_LEGEND_STYLES = {
  legend: { fontWeight: 650, fontSize: 'var(--mantine-font-size-md)', marginBottom: 'var(--mantine-spacing-xs)' },
};

/** The asterisk of a required group (its inputs cannot carry `required`: a choice among checkboxes or radios). */
export function RequiredMark() {
  const { t } = useI18n();
  return (
    <>
      <Box component="span" c="var(--mantine-color-error)" aria-hidden ml={4}>
        *
      </Box>
      <VisuallyHidden>{` (${t('farmerApply.required')})`}</VisuallyHidden>
    </>
  );
}
