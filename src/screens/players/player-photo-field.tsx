import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useId, useMemo, useState } from 'react';
import { fileProblem } from '../../lib/file-rule';
import { PHOTO_TYPES, photoRule } from '../onboarding/onboarding-photo-step';

interface PlayerPhotoFieldProps {
  /** The stored photo, if any. */
  currentUrl: string | null;
  photo: File | null;
  onPhoto: (photo: File | null) => void;
  /** The person has an account (their own photo) or is being linked. */
  disabled: boolean;
}

/**
 * 'Foto': a picture of the player chosen here and sent once the player is saved
 * (JPEG, PNG or WebP up to 5 MB, checked before sending; the server checks again).
 */
export function PlayerPhotoField({ currentUrl, photo, onPhoto, disabled }: PlayerPhotoFieldProps) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const found = fileProblem(file, photoRule);
    setProblem(found);
    if (!found) onPhoto(file);
  };

  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Avatar src={preview ?? currentUrl ?? undefined} alt="" sx={{ width: 72, height: 72 }} />
      <Stack sx={{ gap: 0.5 }}>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button component="label" htmlFor={inputId} variant="outlined" disabled={disabled}>
            {photo || currentUrl ? 'Cambiar foto' : 'Elegir foto'}
            <input
              id={inputId}
              type="file"
              accept={PHOTO_TYPES.join(',')}
              hidden
              disabled={disabled}
              onChange={choose}
            />
          </Button>
          {photo && (
            <Button onClick={() => onPhoto(null)} disabled={disabled}>
              Quitar
            </Button>
          )}
        </Stack>
        <Typography
          variant="body2"
          color={problem ? 'error' : 'text.secondary'}
          role={problem ? 'alert' : undefined}
        >
          {problem ??
            (disabled
              ? 'La foto la cambia la persona desde su perfil'
              : 'JPEG, PNG o WebP de hasta 5 MB; se guarda con el jugador')}
        </Typography>
      </Stack>
    </Stack>
  );
}
