import type { TypographyVariantsOptions } from '@mui/material/styles';

/** The system font stack: nothing to download, readable on every phone. */
export const typography: TypographyVariantsOptions = {
  fontFamily: [
    'system-ui',
    '-apple-system',
    '"Segoe UI"',
    'Roboto',
    '"Helvetica Neue"',
    'Arial',
    'sans-serif',
  ].join(','),
  h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 },
  h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25 },
  h3: { fontSize: '1.25rem', fontWeight: 600 },
  button: { textTransform: 'none', fontWeight: 600 },
};
