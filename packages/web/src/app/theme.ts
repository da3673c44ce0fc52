import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * A calm teal-green. Shade 6 (the filled colour, links, focus ring) is dark enough for white text and for text on
 * white at WCAG AA (5.5:1); Mantine's own teal-6 is not (2.6:1).
 */
const brand: MantineColorsTuple = [
  '#effcf9',
  '#d5f5ee',
  '#aeeadc',
  '#7bd9c6',
  '#46c0aa',
  '#22a38e',
  '#0f766e',
  '#0c6560',
  '#0a534f',
  '#073f3c',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.3' },
      h2: { fontSize: '1.375rem', lineHeight: '1.35' },
    },
  },
  defaultRadius: 'md',
  // Keyboard users see where they are; mouse clicks do not leave a ring behind.
  focusRing: 'auto',
  cursorType: 'pointer',
  // Mantine's transitions (dialogs, drawers, menus) are skipped for people who ask for reduced motion.
  respectReducedMotion: true,
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: { styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

/**
 * Mantine's light-scheme dimmed text (gray-6) and error text (red-6) fall below 4.5:1 on white; these shades pass
 * WCAG AA for body text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
