import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { PHOTO_MAX_BYTES, profileMessages } from '../../../contract/profile.schema';
import { type FileRule, fileProblem } from '../../lib/file-rule';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

/** The image types the server stores (it converts them to WebP). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A person's photo (the profile's, a player's): JPEG, PNG or WebP up to 5 MB. */
export const photoRule: FileRule = {
  types: PHOTO_TYPES,
  maxBytes: PHOTO_MAX_BYTES,
  wrongType: profileMessages.photoWrongType,
  tooLarge: profileMessages.photoTooLarge,
};

/** Why a chosen file cannot be sent, with the contract's words; null when it can. */
export function photoProblem(file: File | null): string | null {
  return file ? fileProblem(file, photoRule) : profileMessages.photoMissing;
}

/** A preview of the chosen file, released when it changes or the step closes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/** 'Foto de perfil' (optional): a JPEG, PNG or WebP up to 5 MB, checked before it is sent. */
export function PhotoStep() {
  const { saved, userData, save } = useStepStart('photo');
  const [file, setFile] = useState<File | null>((saved?.photo as File | undefined) ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreview(file) ?? userData?.photo_url ?? undefined;
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = photoProblem(file);
    setProblem(found);
    if (!found) save({ photo: file });
  };

  return (
    <StepForm onSubmit={onSubmit}>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
        <Avatar src={preview} alt="Vista previa de la foto" sx={{ width: 96, height: 96 }} />
        <Stack sx={{ gap: 1 }}>
          <Button component="label" htmlFor={inputId} variant="outlined">
            Elegir foto
            <input
              id={inputId}
              hidden
              type="file"
              accept={PHOTO_TYPES.join(',')}
              aria-label="Foto de perfil"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setProblem(chosen ? photoProblem(chosen) : null);
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {file ? file.name : 'JPEG, PNG o WebP, hasta 5 MB.'}
          </Typography>
        </Stack>
      </Stack>
      {problem && (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      )}
    </StepForm>
  );
}
