import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import './dayjs';

/*
 * The pickers' own Spanish texts ("Seleccionar fecha", "Cancelar", …) are given here rather
 * than merged into the app's theme: the theme is in every page's first load, the pickers
 * only in the screens that show one.
 */
const pickersLocaleText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/** Dates as Colombia writes them (the pickers' `format`); the server gets ISO dates. */
export const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * MUI X date pickers with dayjs in Spanish (src/theme/dayjs.ts: es has the es-CO month
 * and day names), for everything under it.
 */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="es"
      localeText={pickersLocaleText}
    >
      {children}
    </LocalizationProvider>
  );
}
