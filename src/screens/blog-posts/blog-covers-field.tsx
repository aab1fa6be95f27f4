import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { COVER_MAX_BYTES, COVER_TYPES, coverMessages } from '../../../contract/blog-covers.schema';
import { uploadBlogCover } from '../../api/blog-posts.api';
import { useSaveFlow } from '../../components/use-machine-flow';
import { type FileRule, fileProblem } from '../../lib/file-rule';
import {
  COVER_UPLOAD_OPTIONS,
  blogCoverUploadMachine,
  createBlogCoverUploadImplementations,
} from '../../machines/blog-covers.actors';

interface CoverImageFieldProps {
  /** The cover's address as typed or uploaded; '' when there is none. */
  url: string;
  /** The post's title, the thumbnail's alt text. */
  title: string;
  /** A new address: the uploaded image's, or '' after 'Quitar'. */
  onChange: (url: string) => void;
  disabled?: boolean;
}

/** The browser's first check, before sending (the server checks the bytes again). */
const coverRule: FileRule = {
  types: COVER_TYPES,
  maxBytes: COVER_MAX_BYTES,
  wrongType: coverMessages.wrongType,
  tooLarge: coverMessages.tooLarge,
};
const problemOf = (image: File) => fileProblem(image, coverRule);

/** The shared save machine with the upload endpoint, made once per field. */
function useCoverUploadLogic(uploaded: (url: string) => void) {
  const [logic] = useState(() =>
    blogCoverUploadMachine.provide(
      createBlogCoverUploadImplementations({ uploadCover: uploadBlogCover, uploaded }),
    ),
  );
  return logic;
}

/**
 * The cover of a post: its thumbnail, 'Subir imagen' (uploaded at once; the answer's
 * address becomes the cover) and 'Quitar'. The URL text field stays beside it.
 */
export function CoverImageField({ url, title, onChange, disabled = false }: CoverImageFieldProps) {
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The machine is made once; the answer goes to the latest onChange.
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);
  const logic = useCoverUploadLogic((next) => latestOnChange.current(next));
  const upload = useSaveFlow(logic, COVER_UPLOAD_OPTIONS);
  const { busy, failure } = upload;
  const [problem, setProblem] = useState<string | null>(null);
  const [unshown, setUnshown] = useState<string | null>(null);
  const cover = url.trim();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const image = event.target.files?.[0];
    event.target.value = '';
    if (!image) return;
    const found = problemOf(image);
    setProblem(found);
    if (!found) upload.submit(image);
  };
  const message = problem ?? failure?.message ?? null;

  return (
    <Stack sx={{ gap: 1, my: 1 }}>
      {cover &&
        (unshown === cover ? (
          <Typography variant="body2" color="text.secondary">
            No se pudo mostrar la imagen de portada.
          </Typography>
        ) : (
          <Box
            component="img"
            src={cover}
            alt={title.trim() ? `Portada de «${title.trim()}»` : 'Imagen de portada'}
            onError={() => setUnshown(cover)}
            sx={{ width: 160, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }}
          />
        ))}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => input.current?.click()}
          disabled={disabled || busy}
          aria-busy={busy}
          aria-describedby={hintId}
        >
          {busy ? 'Subiendo…' : 'Subir imagen'}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={COVER_TYPES.join(',')}
          aria-label="Imagen de portada"
          onChange={choose}
        />
        {cover && (
          <Button onClick={() => onChange('')} disabled={disabled || busy}>
            Quitar
          </Button>
        )}
      </Stack>
      {busy && <LinearProgress aria-label="Subiendo la imagen de portada" />}
      <Typography id={hintId} variant="body2" color="text.secondary">
        JPEG, PNG o WebP de hasta 5 MB; se guarda de hasta 1600 × 900 px.
      </Typography>
      {message && (
        <FormHelperText error role="alert">
          {message}
        </FormHelperText>
      )}
    </Stack>
  );
}
