import { vi } from 'vitest';

/**
 * A window `width` px wide for MUI's `useMediaQuery`: jsdom has no `matchMedia`, so it
 * answers the min-width/max-width queries the theme's breakpoints make. Undo it with
 * `vi.unstubAllGlobals()`.
 */
export function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    const matches =
      (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])) && !!(min || max);
    return {
      matches,
      media,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
