import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import {
  type BlogPost,
  type BlogPostSummary,
  type BlogPostWrite,
  type BlogPostWriteInput,
  blogPostStatuses,
  blogPostStatusLabels,
  blogPostWriteSchema,
} from '../../../contract/blog-posts.schema';
import { blogPostQuery } from '../../api/blog-posts.api';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import { MarkdownEditor } from './markdown-editor';

const FIELDS = ['title', 'slug', 'excerpt', 'cover_image_url', 'status', 'body_markdown'] as const;

interface FormInput {
  title: string;
  slug: string;
  excerpt: string;
  cover_image_url: string;
  status: BlogPostWrite['status'];
  body_markdown: string;
}

interface BlogPostDialogProps {
  open: boolean;
  /** The post edited (its row); null writes a new one. */
  post: BlogPostSummary | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: BlogPostWriteInput) => void;
}

/** 'Nueva entrada' / 'Editar entrada': the fields, and the Markdown with its preview. */
export function BlogPostDialog({ open, post, ...props }: BlogPostDialogProps) {
  const { busy, onCancel } = props;
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="blog-post-dialog-title"
      fullWidth
      fullScreen={phone}
      maxWidth="lg"
    >
      <DialogTitle id="blog-post-dialog-title">
        {post ? 'Editar entrada' : 'Nueva entrada'}
      </DialogTitle>
      {open &&
        (post ? (
          <LoadedPost id={post.id} {...props} />
        ) : (
          <PostForm key="new" post={null} {...props} />
        ))}
    </Dialog>
  );
}

/** An edited post is read whole first: the grid's row has no Markdown. */
function LoadedPost({ id, ...props }: { id: number } & Omit<BlogPostDialogProps, 'open' | 'post'>) {
  const post = useQuery(blogPostQuery(id));
  if (post.isPending)
    return (
      <DialogContent role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden /> Cargando la entrada…
      </DialogContent>
    );
  if (post.isError)
    return (
      <>
        <DialogContent>
          <Alert severity="error">{post.error.message}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onCancel}>Cerrar</Button>
        </DialogActions>
      </>
    );
  return <PostForm key={post.data.id} post={post.data} {...props} />;
}

const toInput = (post: BlogPost | null): FormInput => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  cover_image_url: post?.cover_image_url ?? '',
  status: post?.status ?? 'draft',
  body_markdown: post?.body_markdown ?? '',
});

function PostForm({
  post,
  busy,
  failure,
  onCancel,
  onSave,
}: Omit<BlogPostDialogProps, 'open' | 'post'> & { post: BlogPost | null }) {
  const form = useForm<FormInput, unknown, BlogPostWrite>({
    resolver: zodResolver(blogPostWriteSchema) as unknown as Resolver<
      FormInput,
      unknown,
      BlogPostWrite
    >,
    defaultValues: toInput(post),
  });
  const plainForm = form as unknown as UseFormReturn<FormInput>;
  useServerFieldErrors(plainForm, failure, FIELDS);
  const onAField = failure && FIELDS.some((field) => failure.fieldErrors[field]);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => onSave(values))}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, columnGap: 2 }}
        >
          <TextField
            label="Título"
            required
            autoComplete="off"
            {...textFieldProps(plainForm, 'title')}
          />
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <TextField
                select
                label="Estado"
                id="field-status"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
              >
                {blogPostStatuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {blogPostStatusLabels[status]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Slug (dirección)"
            autoComplete="off"
            {...textFieldProps(plainForm, 'slug')}
            helperText={form.formState.errors.slug?.message ?? 'Vacío: se toma del título'}
          />
          <TextField
            label="Imagen de portada (URL)"
            autoComplete="off"
            inputMode="url"
            {...textFieldProps(plainForm, 'cover_image_url')}
          />
        </Box>
        <TextField
          label="Resumen"
          multiline
          minRows={2}
          {...textFieldProps(plainForm, 'excerpt')}
        />
        <Controller
          control={form.control}
          name="body_markdown"
          render={({ field, fieldState }) => (
            <MarkdownEditor
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}
