import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
  if (query.data) return children(query.data);
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
