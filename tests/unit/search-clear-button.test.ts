import { describe, expect, it } from 'vitest';
import { searchClearButton } from '../../src/theme/customizations/inputs';
import { theme } from '../../src/theme/theme';

const CANCEL = '&[type="search"]::-webkit-search-cancel-button';

describe("the search fields' clear button", () => {
  it("is drawn in the theme's colours, not the browser's", () => {
    const styles = searchClearButton(theme);
    expect(styles[CANCEL]).toMatchObject({
      WebkitAppearance: 'none',
      backgroundColor: theme.palette.text.secondary,
    });
    expect(styles[CANCEL].WebkitMask).toContain('data:image/svg+xml');
    expect(styles[`${CANCEL}:hover`].backgroundColor).toBe(theme.palette.primary.main);
  });

  it('is what the theme gives every input', () => {
    const override = theme.components?.MuiInputBase?.styleOverrides?.input;
    expect(typeof override).toBe('function');
    const styles = (override as (props: { theme: typeof theme }) => Record<string, unknown>)({
      theme,
    });
    expect(styles).toEqual(searchClearButton(theme));
  });
});
