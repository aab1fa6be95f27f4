import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSaveFlow } from '../../components/use-machine-flow';
import { PROOF_SEND_OPTIONS, type ProofSubject } from '../../machines/parents.actors';
import { PaymentProofDialog } from '../payments/payment-proofs-dialog';
import { useProofSendLogic } from './parents.logic';

interface FamilyPageProps<Item> {
  title: string;
  query: UseQueryResult<Item[]>;
  /** Said when the server answers no entry at all. */
  emptyText: string;
  /** The cards, given the entries and how to open 'Enviar comprobante'. */
  children: (items: Item[], sendProof: (subject: ProofSubject) => void) => ReactNode;
}

/**
 * The frame of the parent and player dashboards (issue #15): the title, a skeleton while
 * loading, the server's message with 'Reintentar', the empty text, and the one
 * 'Enviar comprobante' dialog the cards open.
 */
export function FamilyPage<Item>({ title, query, emptyText, children }: FamilyPageProps<Item>) {
  const proof = useSaveFlow(useProofSendLogic(), PROOF_SEND_OPTIONS);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack sx={{ gap: 2 }} role="status" aria-label="Cargando">
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={220} />
      </Stack>
    );
  } else if (query.isError) {
    body = (
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
  } else if (query.data.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography>{emptyText}</Typography>
      </Paper>
    );
  } else body = <Stack sx={{ gap: 2 }}>{children(query.data, proof.open)}</Stack>;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {body}
      <PaymentProofDialog
        subject={proof.subject}
        busy={proof.busy}
        failure={proof.failure}
        onCancel={proof.close}
        onSubmit={proof.submit}
      />
    </Box>
  );
}
