import { useCallback, useState } from 'react';
import { storage } from '../../lib/storage';

/** `[compact, toggle]`: the stored preference (localStorage `sidebarCompact`), and a toggle that stores the new value. */
export function useCompactSidebar(): [boolean, () => void] {
  const [compact, setCompact] = useState(() => storage.get('sidebarCompact') === true);
  const toggle = useCallback(() => {
    storage.set('sidebarCompact', !compact);
    setCompact(!compact);
  }, [compact]);
  return [compact, toggle];
}
