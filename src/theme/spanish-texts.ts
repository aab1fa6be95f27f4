import type { Components, Theme } from '@mui/material/styles';

/*
 * The Spanish texts of MUI's own components (pagination, "Cerrar", …): the same as MUI's
 * `esES` locale, whose module builds an `Intl.NumberFormat` as it loads. Being the first
 * number format of the page, that one call loads the browser's locale data: about 15 ms of
 * a desktop's main thread (60 ms on a slow phone) inside the entry's first task, on every
 * page, for a formatter only a paginated table uses (issue #18, Lighthouse's blocking time).
 * Here it is built on its first use.
 */

let numberFormat: Intl.NumberFormat | undefined;

/** A count as Spanish writes it (1.234), the formatter built on the first call. */
const formatNumber = (value: number) =>
  Number.isFinite(value)
    ? (numberFormat ??= new Intl.NumberFormat('es-ES')).format(value)
    : String(value);

type ItemType = 'first' | 'last' | 'next' | 'previous';

const pageAriaLabel = (type: ItemType | 'page' | 'start-ellipsis' | 'end-ellipsis') => {
  if (type === 'first') return 'Ir a la primera página';
  if (type === 'last') return 'Ir a la última página';
  if (type === 'next') return 'Ir a la página siguiente';
  return 'Ir a la página anterior';
};

/** The components' default props, merged into the theme (src/theme/theme.ts). */
export const spanishTexts = {
  MuiBreadcrumbs: { defaultProps: { expandText: 'Mostrar ruta' } },
  MuiTablePagination: {
    defaultProps: {
      getItemAriaLabel: pageAriaLabel,
      labelRowsPerPage: 'Filas por página:',
      labelDisplayedRows: ({ from, to, count }) =>
        `${formatNumber(from)}–${formatNumber(to)} de ${
          count !== -1 ? formatNumber(count) : `más de ${formatNumber(to)}`
        }`,
    },
  },
  MuiRating: {
    defaultProps: {
      getLabelText: (value: number) => `${value} Estrella${value !== 1 ? 's' : ''}`,
      emptyLabelText: 'Vacío',
    },
  },
  MuiAutocomplete: {
    defaultProps: {
      clearText: 'Limpiar',
      closeText: 'Cerrar',
      loadingText: 'Cargando…',
      noOptionsText: 'Sin opciones',
      openText: 'Abierto',
    },
  },
  MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
  MuiPagination: {
    defaultProps: {
      'aria-label': 'Paginador',
      getItemAriaLabel: (type, page, selected) =>
        type === 'page'
          ? `${selected ? '' : 'Ir a la '}página ${page}`
          : pageAriaLabel(type as ItemType),
    },
  },
} satisfies Components<Theme>;
