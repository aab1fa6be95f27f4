import type { Mermaid } from 'mermaid';

/*
 * Mermaid is imported here only, on the statechart page's first diagram: no other page
 * downloads it. `strict` keeps it from running anything in the diagram's text; without
 * `useMaxWidth` a wide diagram keeps its size and its box scrolls (a phone at 390 px).
 */
let loading: Promise<Mermaid> | undefined;

function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'default',
      state: { useMaxWidth: false },
    });
    return mermaid;
  });
  return loading;
}

let renders = 0;

/** The SVG of a Mermaid diagram (as markup), drawn by the library. */
export async function renderDiagram(text: string): Promise<string> {
  const mermaid = await loadMermaid();
  renders += 1;
  const { svg } = await mermaid.render(`statechart-svg-${renders}`, text);
  return svg;
}
