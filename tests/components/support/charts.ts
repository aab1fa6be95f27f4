import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Hooks for a file that renders MUI X Charts: they measure their container with a
 * ResizeObserver, which happy-dom lacks, so each test gets an inert one; the page's
 * localStorage (the working club, the overlay) is cleared after each.
 */
export function renderingCharts(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });
}
