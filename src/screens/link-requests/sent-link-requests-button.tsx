import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import type { LinkRequestKind } from '../../../contract/link-requests.schema';

// The dialog loads when first opened.
const SentLinkRequestsDialog = lazy(() =>
  import('./sent-link-requests-dialog').then((module) => ({
    default: module.SentLinkRequestsDialog,
  })),
);

/** 'Solicitudes enviadas' in a players or trainers toolbar (players.create / trainers.create). */
export function SentLinkRequestsButton({
  clubId,
  kind,
}: {
  clubId: number;
  kind: LinkRequestKind;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MarkEmailRead />}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Solicitudes enviadas
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <SentLinkRequestsDialog
            clubId={clubId}
            kind={kind}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
