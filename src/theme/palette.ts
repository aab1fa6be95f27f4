import type { PaletteOptions } from '@mui/material/styles';

/** Colour primitives: a pitch green for actions, a deep navy for text and surfaces. */
export const palette: PaletteOptions = {
  mode: 'light',
  primary: { main: '#1b7f4b', light: '#4caf7a', dark: '#0f5a33', contrastText: '#ffffff' },
  secondary: { main: '#1f3a5f', light: '#4a6890', dark: '#0f223b', contrastText: '#ffffff' },
  error: { main: '#c62828' },
  // Dark text on orange (5.3:1); MUI's white on it is 3.1:1, under WCAG AA's 4.5.
  warning: { main: '#ed6c02', contrastText: '#1a2027' },
  success: { main: '#2e7d32' },
  info: { main: '#0277bd' },
  background: { default: '#f4f6f8', paper: '#ffffff' },
  text: { primary: '#1a2027', secondary: '#4b5563' },
};
