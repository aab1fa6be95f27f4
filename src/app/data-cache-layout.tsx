import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '../api/query-client';

/**
 * The server-data cache (TanStack Query) around every page but the sign-in ones: a lazy
 * layout route, so /login draws without it (issue 9, item 6). A cache already provided
 * above (a component test's own) is kept.
 */
export function DataCacheLayout() {
  const provided = useContext(QueryClientContext);
  if (provided) return <Outlet />;
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
