import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { storage } from '../../lib/storage';
import { whenIdle } from '../../lib/when-idle';

/**
 * The welcome after the first login (spec §3: until `hasSeenOverlay`), to draw once it is
 * due: not with the page, but once the page has its data (no call under way) and the
 * browser is idle, its code already loaded, so that it draws on its own. Opening a dialog
 * lays the whole page out at once; drawn with the page (its lazy code resolving in the
 * same commit as the page's figures), it blocked a slow phone's main thread for a fifth
 * of a second and held back the page's first paint (issue #18, Lighthouse's TBT and LCP).
 */
export function useWelcome(): ComponentType | null {
  const queryClient = useQueryClient();
  const [Welcome, setWelcome] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (storage.get('hasSeenOverlay') === true) return;
    let active = true;
    let cancelIdle: (() => void) | undefined;
    const tryOpen = () => {
      cancelIdle?.();
      cancelIdle = whenIdle(() => {
        // A call still under way: the cache tells when it ends, and this tries again.
        if (queryClient.isFetching() > 0) return;
        unsubscribe();
        void import('./first-login-overlay').then(({ FirstLoginOverlay }) => {
          if (active) setWelcome(() => FirstLoginOverlay);
        });
      });
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(tryOpen);
    tryOpen();
    return () => {
      active = false;
      unsubscribe();
      cancelIdle?.();
    };
  }, [queryClient]);
  return Welcome;
}
