import type { Components, Theme } from '@mui/material/styles';

/** MUI's Close icon, as the mask of the search fields' clear button. */
const CLOSE_ICON = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z'/%3E%3C/svg%3E")`;

/**
 * The clear button browsers draw in a `type="search"` field (the grids' search boxes) in
 * the theme's colours: the browser's own is blue or grey whatever the theme says. It keeps
 * working as before (a click clears the field); only its look changes.
 */
export const searchClearButton = (theme: Theme) => ({
  '&[type="search"]::-webkit-search-cancel-button': {
    WebkitAppearance: 'none',
    appearance: 'none',
    width: '1.1em',
    height: '1.1em',
    marginLeft: theme.spacing(0.5),
    cursor: 'pointer',
    backgroundColor: theme.palette.text.secondary,
    WebkitMask: `${CLOSE_ICON} center / contain no-repeat`,
    mask: `${CLOSE_ICON} center / contain no-repeat`,
  },
  '&[type="search"]::-webkit-search-cancel-button:hover': {
    backgroundColor: theme.palette.primary.main,
  },
});

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
  MuiInputBase: {
    styleOverrides: {
      input: ({ theme }) => searchClearButton(theme),
    },
  },
};
