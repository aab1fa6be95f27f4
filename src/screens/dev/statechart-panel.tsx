import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rgbToHex, useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { LiveActorPanel } from './live-actor-panel';
import type { StatechartEntry } from './statechart-docs';
import { StatechartDiagram } from './statechart-diagram';
import { activeLeafPaths, highlightStates } from './statechart-markdown';
import { StatechartStatesTable } from './statechart-states-table';
import { useLiveActor, useStateValue } from './use-live-actor';

export interface StatechartPanelProps {
  doc: StatechartEntry;
  /** Whether the app runs one actor of this machine for everyone (auth, guard, notifications). */
  appWide: boolean;
}

/**
 * One machine: its description, its live state and events when an actor of it runs in
 * this tab, its diagram with the current states highlighted, and its states table.
 */
export function StatechartPanel({ doc, appWide }: StatechartPanelProps) {
  const theme = useTheme();
  const live = useLiveActor(doc.machineId);
  const value = useStateValue(live?.actor ?? null);
  const leaves = useMemo(() => (value === null ? [] : activeLeafPaths(value)), [value]);
  const { warning, text } = theme.palette;
  // Hex colours: Mermaid's classDef splits its list at commas, which rgb(…) has.
  const style = [
    `fill:${rgbToHex(warning.light)}`,
    `stroke:${rgbToHex(warning.dark)}`,
    'stroke-width:3px',
    `color:${rgbToHex(text.primary)}`,
  ].join(',');
  const diagram = highlightStates(doc.diagram, leaves, style);
  const current = leaves.map((path) => path.join('.'));

  return (
    <Stack sx={{ gap: 2 }}>
      {doc.description && <Typography>{doc.description}</Typography>}
      <Typography variant="body2" color="text.secondary">
        Fuente: docs/statecharts/{doc.name}.md
      </Typography>
      {(appWide || live) && <LiveActorPanel live={live} states={current} />}
      <StatechartDiagram text={diagram} label={`Diagrama de ${doc.machineId}`} />
      <Typography variant="h6" component="h3">
        Estados
      </Typography>
      <StatechartStatesTable
        table={doc.states}
        label={`Estados de ${doc.machineId}`}
        current={current}
      />
    </Stack>
  );
}
