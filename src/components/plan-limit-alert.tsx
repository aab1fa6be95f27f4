import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PLAN_LIMIT_CODE } from '../../contract/plan-limit.schema';
import type { RequestFailure } from '../lib/request-failure';

const UpgradeDialog = lazy(() =>
  import('./shell/upgrade-dialog').then((module) => ({ default: module.UpgradeDialog })),
);

/** The server's plan-limit message in `failure` (409 on `plan_limit`), else null. */
export const planLimitMessageOf = (failure: RequestFailure | null | undefined): string | null =>
  failure?.fieldErrors[PLAN_LIMIT_CODE] ?? null;

/**
 * The club reached its plan's active players (issue #17): the server's message, the way up
 * ('Actualizar a Pro', the shell's upgrade dialog) and a link to the plan's usage.
 */
export function PlanLimitAlert({ message }: { message: string }) {
  const [dialog, setDialog] = useState<'closed' | 'open' | 'shut'>('closed');
  return (
    <Alert severity="warning" role="alert">
      <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
        {message}
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" onClick={() => setDialog('open')}>
            Actualizar a Pro
          </Button>
          <Link component={RouterLink} to="/home/subscription">
            Ver el plan del club
          </Link>
        </Stack>
      </Stack>
      {/* Loaded on first open; kept mounted after so it can close with its transition. */}
      {dialog !== 'closed' && (
        <Suspense fallback={null}>
          <UpgradeDialog open={dialog === 'open'} onClose={() => setDialog('shut')} />
        </Suspense>
      )}
    </Alert>
  );
}
