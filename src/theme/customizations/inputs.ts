import type { Components, Theme } from '@mui/material/styles';

/** Buttons and text fields. */
export const inputsCustomizations: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: { minHeight: 44 },
    },
  },
  MuiTextField: {
    defaultProps: { fullWidth: true, margin: 'normal' },
  },
};
