import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  },
});
