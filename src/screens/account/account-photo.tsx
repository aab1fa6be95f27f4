import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { Profile } from '../../../contract/profile.schema';
import { uploadProfilePhoto } from '../../api/profile.api';
import { toast } from '../../components/toaster';
import { createAccountFormImplementations } from '../../machines/account.actors';
import { PHOTO_TYPES, photoProblem } from '../onboarding/onboarding-photo-step';
import { useAccountForm } from './account-form';

/** The profile photo: chosen, checked in the browser, uploaded at once (POST /api/profile/photo). */
export function AccountPhoto({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useAccountForm(() =>
    createAccountFormImplementations({
      send: async (values) => {
        await uploadProfilePhoto(values.photo as File);
        return { message: 'Foto guardada' };
      },
      done: ({ message }) => {
        toast(message);
        onSaved();
      },
    }),
  );
  const initials = `${profile.name.charAt(0)}${profile.lastname.charAt(0)}`;

  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'center', my: 2 }}>
      <Avatar
        src={profile.photo_url ?? undefined}
        alt={`Foto de ${profile.name}`}
        sx={{ width: 80, height: 80, bgcolor: 'secondary.main' }}
      >
        {initials}
      </Avatar>
      <Stack sx={{ gap: 0.5, minWidth: 0 }}>
        {/* A real button (a <label> with role="button" is not allowed) that opens the picker. */}
        <Button
          variant="outlined"
          disabled={upload.busy}
          aria-busy={upload.busy}
          onClick={() => input.current?.click()}
        >
          {upload.busy ? 'Subiendo…' : 'Cambiar foto'}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={PHOTO_TYPES.join(',')}
          aria-label="Foto de perfil"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const found = photoProblem(chosen);
            setProblem(found);
            if (!found && chosen) upload.submit({ photo: chosen });
            event.target.value = '';
          }}
        />
        <Typography variant="body2" color="text.secondary">
          JPEG, PNG o WebP, hasta 5 MB.
        </Typography>
        {(problem ?? upload.failure?.message) && (
          <FormHelperText error role="alert">
            {problem ?? upload.failure?.message}
          </FormHelperText>
        )}
      </Stack>
    </Stack>
  );
}
