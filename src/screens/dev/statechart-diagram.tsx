import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LIVE_CLASS } from './statechart-markdown';
import { renderDiagram } from './render-diagram';

type Drawn = { text: string; svg: string } | { text: string; error: string };

export interface StatechartDiagramProps {
  /** The Mermaid text (with the live states' classes). */
  text: string;
  /** Names the scrollable box: 'Diagrama de auth'. */
  label: string;
}

/**
 * One machine's diagram, drawn by Mermaid in the browser; drawn again whenever the text
 * changes (a live state moved). The box scrolls sideways and takes the keyboard's focus,
 * so a wide diagram can be read on a phone and without a mouse.
 */
export function StatechartDiagram({ text, label }: StatechartDiagramProps) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const box = useRef<HTMLDivElement>(null);

  // Drawing is the browser's (layout), not data: the effect only hands the text to Mermaid.
  useEffect(() => {
    let current = true;
    renderDiagram(text).then(
      (svg) => current && setDrawn({ text, svg }),
      (error: unknown) => current && setDrawn({ text, error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [text]);

  // A wide diagram opens scrolled to its first current state (sideways only: the page stays).
  const svg = drawn && 'svg' in drawn ? drawn.svg : null;
  useLayoutEffect(() => {
    const element = box.current;
    const live = element?.querySelector(`svg .${LIVE_CLASS}`);
    if (!element || !live || element.scrollWidth <= element.clientWidth) return;
    const { left, width } = live.getBoundingClientRect();
    const offset = left + width / 2 - element.getBoundingClientRect().left;
    element.scrollLeft += offset - element.clientWidth / 2;
  }, [svg]);

  if (drawn && 'error' in drawn) {
    return <Alert severity="error">No se pudo dibujar el diagrama: {drawn.error}</Alert>;
  }
  return (
    <Box
      ref={box}
      role="region"
      aria-label={label}
      aria-busy={drawn?.text !== text}
      // A region that scrolls must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1,
        minHeight: 120,
        bgcolor: 'background.paper',
        '& svg': { display: 'block', maxWidth: 'none', height: 'auto' },
      }}
    >
      {drawn ? (
        // Mermaid's own markup, sanitised by it (securityLevel 'strict').
        <div dangerouslySetInnerHTML={{ __html: drawn.svg }} />
      ) : (
        <CircularProgress aria-label="Dibujando el diagrama" size={24} />
      )}
    </Box>
  );
}
