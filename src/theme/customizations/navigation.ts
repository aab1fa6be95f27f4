import type { Components, Theme } from '@mui/material/styles';

/** Links. */
export const navigationCustomizations: Components<Theme> = {
  MuiLink: {
    defaultProps: { underline: 'hover' },
    styleOverrides: {
      root: { fontWeight: 500 },
    },
  },
};
