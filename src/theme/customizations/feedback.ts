import type { Components, Theme } from '@mui/material/styles';

/** Alerts and progress indicators. */
export const feedbackCustomizations: Components<Theme> = {
  MuiAlert: {
    defaultProps: { variant: 'outlined' },
    styleOverrides: {
      root: { alignItems: 'center' },
    },
  },
};
