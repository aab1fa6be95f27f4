import type { Components, Theme } from '@mui/material/styles';

/** Cards and papers. */
export const surfacesCustomizations: Components<Theme> = {
  MuiCard: {
    defaultProps: { variant: 'outlined' },
    styleOverrides: {
      root: ({ theme }) => ({ borderColor: theme.palette.divider }),
    },
  },
};
