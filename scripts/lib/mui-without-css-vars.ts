import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/*
 * MUI's `createTheme` and `ThemeProvider` each import the CSS-variables machinery
 * (createThemeWithVars, CssVarsProvider, the colour-scheme hooks) to serve a theme made
 * with `cssVariables` or `colorSchemes`; ours has neither (src/theme/theme.ts: one light
 * palette), so at run time only their plain branch ever runs. The bundler cannot know
 * that, and the unused branch costs about 5 KB gzip before /login draws. This plugin
 * points those two imports, and only from those two MUI files, at
 * src/theme/no-css-vars.ts, whose stand-ins throw if a theme ever takes that branch
 * (tests/unit/theme.test.ts makes sure ours does not). Any other import of the same
 * modules (MUI's own index, a library's `useColorScheme`) still gets the real thing.
 */

const STUB = fileURLToPath(new URL('../../src/theme/no-css-vars.ts', import.meta.url));

/** importer file (inside @mui/material/styles) → the specifiers redirected from it. */
const REDIRECTED: Record<string, string> = {
  'ThemeProvider.mjs': './ThemeProviderWithVars.mjs',
  'createTheme.mjs': './createThemeWithVars.mjs',
};

const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]styles[\\/]([^\\/]+)$/;

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'mui-without-css-vars',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const file = importer && MUI_STYLES.exec(importer)?.[1];
      return file && REDIRECTED[file] === source ? STUB : null;
    },
  };
}
