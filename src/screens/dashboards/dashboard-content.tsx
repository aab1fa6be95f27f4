import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { DashboardSkeleton } from './dashboard-frame';

interface DashboardContentProps<Data> {
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}

/**
 * The figures of a club dashboard, inside its frame: skeletons while the data is on its
 * way, the server's message with 'Reintentar' when the call fails. Lazily loaded with the
 * figures, so the error's Alert is not part of the first load.
 */
export function DashboardContent<Data>({ query, children }: DashboardContentProps<Data>) {
  // The figures drawn in a background render once the answer is in: the query cache is a
  // store, whose updates React renders in one uninterrupted task (on a slow phone, a
  // quarter of a second with every tile and list); deferred, the mount is sliced and input
  // is answered meanwhile (Lighthouse's blocking time, issue #18). The frame's club line
  // (dashboard-frame.tsx) is not deferred: it is the page's largest text.
  const data = useDeferredValue(query.data);
  if (data) return children(data);
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        }
      >
        {query.error.message}
      </Alert>
    );
  }
  return <DashboardSkeleton />;
}
