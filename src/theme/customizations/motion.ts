import type { Components, Theme } from '@mui/material/styles';

/**
 * Motion for people who asked their device for less (Reduce Motion on iOS, "Quitar
 * animaciones" on Android and Windows): transitions and animations, MUI's own and the
 * toasts', end as they start, so dialogs, menus, ripples and skeletons appear without
 * moving. What they show, and when, is unchanged. The browser tests run with it
 * (playwright.config.ts): a software-drawn browser on two cores then paints no frames of
 * motion.
 */
export const motionCustomizations: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: {
      '@media (prefers-reduced-motion: reduce)': {
        '*, *::before, *::after': {
          animationDuration: '0.01ms !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0.01ms !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  },
};
