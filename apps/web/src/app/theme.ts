import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Kora's teal-green, #0f766e at shade 7. */
const kora: MantineColorsTuple = [
  '#f0fdfa',
  '#ccfbf1',
  '#99f6e4',
  '#5eead4',
  '#2dd4bf',
  '#14b8a6',
  '#0d9488',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

export const theme = createTheme({
  primaryColor: 'kora',
  primaryShade: { light: 7, dark: 5 },
  colors: { kora },
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { shadow: 'xs' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Tooltip: { defaultProps: { withArrow: true } },
    // A badge always shows its whole words ("No Subscription", "Transfer"): in a table its
    // column makes room for it instead of cutting it to "NO SUBSCR…".
    Badge: {
      styles: {
        root: { overflow: 'visible', flexShrink: 0 },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    },
  },
});

/**
 * Secondary ("dimmed") text a shade darker than Mantine's default, which is 3.3:1 on white:
 * hints and subtitles must stay readable (4.5:1 at least) on a phone in daylight.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: {},
});
