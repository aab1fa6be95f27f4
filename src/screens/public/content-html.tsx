import Box from '@mui/material/Box';

/**
 * HTML the server rendered from Markdown and sanitised (server/lib/markdown.ts): the only
 * HTML the public site injects. Styles the allowlisted tags for reading.
 */
export function ContentHtml({ html }: { html: string }) {
  return (
    <Box
      className="contenido"
      sx={{
        typography: 'body1',
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& h1, & h2, & h3, & h4': { lineHeight: 1.3, mt: 4, mb: 1.5 },
        '& h1': { typography: 'h4', fontWeight: 700 },
        '& h2': { typography: 'h5', fontWeight: 700 },
        '& h3, & h4': { typography: 'h6' },
        '& p, & ul, & ol, & blockquote, & pre, & table': { mt: 0, mb: 2 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& blockquote': {
          borderLeft: 4,
          borderColor: 'divider',
          pl: 2,
          ml: 0,
          color: 'text.secondary',
        },
        '& code': { fontFamily: 'monospace', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'grey.100', p: 2, borderRadius: 1, overflowX: 'auto' },
        '& pre code': { p: 0 },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75 },
      }}
      // The server's sanitiser is the gate (allowlisted tags, http(s)/mailto links only).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
