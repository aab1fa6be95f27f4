import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { proofMessages } from '../../../contract/payment-proofs.schema';
import { FormDialog } from '../../components/form/form-dialog';
import { formatMoney } from '../../lib/money';
import type { RequestFailure } from '../../lib/request-failure';
import type { ProofSubject, ProofValues } from '../../machines/parents.actors';
import { PaymentRecordForm } from './payment-actions-record-form';

interface PaymentProofDialogProps {
  subject: ProofSubject | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSubmit: (values: ProofValues) => void;
}

/**
 * 'Enviar comprobante' (issue #12 item 3, issue #15): the record form with the proof's
 * file; what is sent waits in review until the club approves it.
 */
export function PaymentProofDialog(props: PaymentProofDialogProps) {
  const { subject, busy, onCancel } = props;
  return (
    <FormDialog
      open={subject !== null}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="payment-proof-title"
      fullWidth
      maxWidth="sm"
    >
      {subject && (
        <>
          <DialogTitle id="payment-proof-title">Enviar comprobante</DialogTitle>
          <ProofForm key={subject.paymentId} {...props} subject={subject} />
        </>
      )}
    </FormDialog>
  );
}

function ProofForm({
  subject,
  busy,
  failure,
  onCancel,
  onSubmit,
}: PaymentProofDialogProps & { subject: ProofSubject }) {
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  return (
    <>
      <DialogContentText sx={{ px: 3 }}>
        Adjunta la foto o el PDF de tu pago de {formatMoney(subject.amountDue)}. El club lo revisará
        y te avisará.
      </DialogContentText>
      <PaymentRecordForm
        clubId={subject.clubId}
        balance={subject.amountDue}
        busy={busy}
        failure={failure}
        onCancel={onCancel}
        proof={{
          file,
          onChange: (chosen) => {
            setFile(chosen);
            setMissing(false);
          },
          error: missing ? proofMessages.missing : undefined,
        }}
        onSave={(record) => {
          if (!file) return setMissing(true);
          onSubmit({ ...record, file });
        }}
      />
    </>
  );
}
