import { useCallback, useState } from 'react';

/**
 * The browser remembers whether the sidebar is compact (icons only). A visual preference
 * of this device, not of the account, so it lives beside the sidebar and not in the
 * session's storage (src/lib/storage.ts).
 */
export const SIDEBAR_COMPACT_KEY = 'sidebarCompact';

function readCompact(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COMPACT_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeCompact(compact: boolean): void {
  try {
    localStorage.setItem(SIDEBAR_COMPACT_KEY, String(compact));
  } catch {
    // A refused storage only forgets the preference on the next visit.
  }
}

/** `[compact, toggle]`: the stored preference, and a toggle that stores the new value. */
export function useCompactSidebar(): [boolean, () => void] {
  const [compact, setCompact] = useState(readCompact);
  const toggle = useCallback(() => {
    writeCompact(!compact);
    setCompact(!compact);
  }, [compact]);
  return [compact, toggle];
}
