import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { muiWithoutCssVars } from '../../scripts/lib/mui-without-css-vars';
import * as stub from '../../src/theme/no-css-vars';
import { theme } from '../../src/theme/theme';

/*
 * The production build leaves out MUI's CSS-variables theme code
 * (scripts/lib/mui-without-css-vars.ts). That is safe only while our theme takes MUI's
 * plain branch, and only if the plugin redirects nothing else.
 */

const STUB = fileURLToPath(new URL('../../src/theme/no-css-vars.ts', import.meta.url));
const STYLES = '/app/node_modules/@mui/material/styles';

function resolve(source: string, importer: string | undefined) {
  const hook = muiWithoutCssVars().resolveId as (s: string, i: string | undefined) => unknown;
  return hook(source, importer);
}

describe('the build without MUI CSS-variables themes', () => {
  it('has a theme that MUI creates and provides without CSS variables', () => {
    // createTheme and ThemeProvider take the CSS-variables branch only for these keys.
    expect(theme).not.toHaveProperty('colorSchemes');
    expect(theme).not.toHaveProperty('cssVariables');
    expect('vars' in theme ? theme.vars : undefined).toBeFalsy();
  });

  it('redirects the two CSS-variables imports of createTheme and ThemeProvider only', () => {
    expect(resolve('./createThemeWithVars.mjs', `${STYLES}/createTheme.mjs`)).toBe(STUB);
    expect(resolve('./ThemeProviderWithVars.mjs', `${STYLES}/ThemeProvider.mjs`)).toBe(STUB);
    // MUI's own index and anyone else keep the real modules.
    expect(resolve('./ThemeProviderWithVars.mjs', `${STYLES}/index.mjs`)).toBeNull();
    expect(
      resolve('./createThemeWithVars.mjs', `${STYLES}/experimental_extendTheme.mjs`),
    ).toBeNull();
    expect(resolve('./createThemeNoVars.mjs', `${STYLES}/createTheme.mjs`)).toBeNull();
    expect(resolve('./ThemeProviderWithVars.mjs', '/app/src/theme/theme.ts')).toBeNull();
    expect(resolve('react', undefined)).toBeNull();
  });

  it('stands in with functions that say why if MUI ever calls them', () => {
    expect(() => stub.default()).toThrow(/CSS-variables/);
    expect(() => stub.CssVarsProvider()).toThrow(/CSS-variables/);
  });
});
