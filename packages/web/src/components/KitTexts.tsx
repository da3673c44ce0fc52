import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/**
 * The words Mantine draws on its own (a password field's show/hide button says 'Toggle password visibility'; a
 * dialog's or drawer's close button has no name), given in the page's language as theme default props, so every
 * screen gets them from here rather than passing them one by one. A component that passes its own props keeps them.
 */
export function KitTexts({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const theme = useMemo<MantineThemeOverride>(() => {
    const closeButtonProps = { 'aria-label': t('kit.closeDialog') };
    return {
      components: {
        PasswordInput: {
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('kit.togglePasswordVisibility') } },
        },
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
      },
    };
  }, [t]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
