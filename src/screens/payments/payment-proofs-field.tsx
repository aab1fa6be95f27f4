import AttachFile from '@mui/icons-material/AttachFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useState } from 'react';
import { PROOF_MAX_BYTES, proofMessages } from '../../../contract/payment-proofs.schema';
import { type FileRule, fileProblem } from '../../lib/file-rule';

/** A proof of payment: a photo or a PDF up to 5 MB. */
const proofRule: FileRule = {
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  maxBytes: PROOF_MAX_BYTES,
  wrongType: proofMessages.wrongType,
  tooLarge: proofMessages.tooLarge,
};

export interface PaymentProofFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form's or the server's refusal of the file. */
  error?: string;
  disabled?: boolean;
}

/**
 * 'Comprobante': a photo or PDF of the transfer or the deposit (JPG, PNG, WebP or PDF up
 * to 5 MB, checked before sending; the server reads its type from its bytes again).
 */
export function PaymentProofField({ file, onChange, error, disabled }: PaymentProofFieldProps) {
  const inputId = useId();
  const messageId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const found = fileProblem(chosen, proofRule);
    setProblem(found);
    if (!found) onChange(chosen);
  };

  return (
    <Stack sx={{ gap: 0.5, my: 1 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<AttachFile />}
          disabled={disabled}
          aria-describedby={messageId}
        >
          {file ? 'Cambiar comprobante' : 'Adjuntar comprobante'}
          <input
            id={inputId}
            type="file"
            accept={proofRule.types.join(',')}
            hidden
            disabled={disabled}
            onChange={choose}
          />
        </Button>
        {file && <Typography variant="body2">{file.name}</Typography>}
      </Stack>
      <Typography
        id={messageId}
        variant="body2"
        color={shown ? 'error' : 'text.secondary'}
        role={shown ? 'alert' : undefined}
      >
        {shown ?? 'Imagen (JPG, PNG o WebP) o PDF de máximo 5 MB'}
      </Typography>
    </Stack>
  );
}
