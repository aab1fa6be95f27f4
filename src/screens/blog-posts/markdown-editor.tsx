import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { markdownPreviewQuery } from '../../api/blog-posts.api';
import { ContentHtml } from '../public/content-html';

const PREVIEW_DELAY_MS = 400;

interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name: string;
  error?: string | undefined;
  label?: string;
}

/**
 * A Markdown text area with its live preview, rendered and sanitised by the server exactly
 * as the public will see it (POST /api/admin/markdown-preview). Side by side on a wide
 * screen; 'Escribir' / 'Vista previa' tabs on a phone.
 */
export function MarkdownEditor({
  value,
  onChange,
  onBlur,
  name,
  error,
  label,
}: MarkdownEditorProps) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [rendered, setRendered] = useState(value);
  const id = useId();
  // The preview follows the text once the writer pauses.
  useEffect(() => {
    const timer = setTimeout(() => setRendered(value), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const preview = useQuery(markdownPreviewQuery(rendered));

  return (
    <Box sx={{ mt: 2 }}>
      <Tabs
        value={tab}
        onChange={(_event, next: 'write' | 'preview') => setTab(next)}
        aria-label="Editor de contenido"
        sx={{ display: { md: 'none' }, mb: 1 }}
      >
        <Tab
          value="write"
          label="Escribir"
          id={`${id}-write`}
          aria-controls={`${id}-write-panel`}
        />
        <Tab
          value="preview"
          label="Vista previa"
          id={`${id}-preview`}
          aria-controls={`${id}-preview-panel`}
        />
      </Tabs>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Box
          id={`${id}-write-panel`}
          sx={{ display: { xs: tab === 'write' ? 'block' : 'none', md: 'block' } }}
        >
          <TextField
            label={label ?? 'Contenido (Markdown)'}
            name={name}
            id={`field-${name}`}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            error={Boolean(error)}
            helperText={
              error ?? '## Títulos, **negrita**, *cursiva*, - listas, [enlaces](https://…)'
            }
            multiline
            minRows={14}
            maxRows={30}
            fullWidth
            margin="none"
            slotProps={{ htmlInput: { spellCheck: true, style: { fontFamily: 'monospace' } } }}
          />
        </Box>
        <Box
          id={`${id}-preview-panel`}
          role="region"
          aria-label="Vista previa"
          aria-busy={preview.isFetching}
          // It scrolls when the text is long: the keyboard has to reach it.
          tabIndex={0}
          sx={{
            display: { xs: tab === 'preview' ? 'block' : 'none', md: 'block' },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 2,
            minHeight: 200,
            maxHeight: 640,
            overflowY: 'auto',
          }}
        >
          <Typography variant="overline" color="text.secondary" component="p">
            Vista previa
          </Typography>
          {preview.isError && <Alert severity="warning">{preview.error.message}</Alert>}
          {preview.data !== undefined &&
            (preview.data === '' ? (
              <Typography color="text.secondary">Escribe para ver la vista previa.</Typography>
            ) : (
              <ContentHtml html={preview.data} />
            ))}
        </Box>
      </Box>
    </Box>
  );
}
