/**
 * Runs `run` once the browser has nothing more urgent to do (after the page has drawn and
 * answered its first input), or after `timeoutMs` at the latest; returns the cancel.
 * For work the first screen does not need: the toaster, a form's schema.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a short delay leaves the first draw alone.
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}
