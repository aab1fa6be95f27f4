import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

declare module 'notistack' {
  /** The spec's two toast variants (§4): `default` and `destructive` (an error). */
  interface VariantOverrides {
    destructive: true;
    error: false;
    success: false;
    warning: false;
    info: false;
  }
}

/** notistack's toast in the theme's colours; `destructive` uses the error palette. */
export const ToastContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-default': {
    backgroundColor: theme.palette.grey[900],
    color: theme.palette.common.white,
  },
  '&.notistack-MuiContent-destructive': {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
}));
