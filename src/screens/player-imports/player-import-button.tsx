import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';

// The dialog (and its steps) loads when first opened.
const PlayerImportDialog = lazy(() =>
  import('./player-import-dialog').then((module) => ({ default: module.PlayerImportDialog })),
);

/** 'Importar' in the players toolbar: opens the CSV / Excel import dialog (players.create). */
export function PlayerImportButton({ clubId }: { clubId: number }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFile />}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Importar
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <PlayerImportDialog clubId={clubId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
