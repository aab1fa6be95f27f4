/*
 * Stand-ins for MUI's CSS-variables theme code in the production build (see
 * scripts/lib/mui-without-css-vars.ts): our theme is a plain one, so MUI never calls these. If
 * a theme gains `cssVariables` or `colorSchemes`, the build must stop using the plugin;
 * until then, this says so instead of drawing a half-styled page.
 */

const MESSAGE =
  'This build leaves out MUI CSS-variables themes (scripts/lib/mui-without-css-vars.ts); ' +
  'remove that plugin to use cssVariables or colorSchemes.';

function unavailable(): never {
  throw new Error(MESSAGE);
}

/** Replaces `createThemeWithVars` (default export of MUI's createThemeWithVars.mjs). */
export default unavailable;

/** Replaces `CssVarsProvider` of MUI's ThemeProviderWithVars.mjs. */
export const CssVarsProvider = unavailable;
