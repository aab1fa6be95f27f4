import {
  createContext,
  startTransition,
  use,
  useEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { whenIdle } from '../../lib/when-idle';

/*
 * The dashboards' charts draw one at a time, each when the browser is idle after the one
 * before it has drawn, at the width its figure measured (issue #18). Left to itself, a
 * chart draws, measures its box in a layout effect and draws again at its size, all in one
 * task that cannot be sliced: two charts with the figures around them held a slow phone's
 * main thread for a quarter of a second. Given its width, it draws once, in a transition
 * that yields to input; alone, after the page has been laid out, it is a fraction of that.
 */

/** The end of the queue: resolves when the last chart that asked has drawn or gone. */
let queue: Promise<void> = Promise.resolve();

/**
 * The width a chart draws at, measured by its figure (undefined: the chart measures its
 * box itself). Given with its height, the chart draws once at its size; left to measure,
 * it draws, measures and draws again in one uninterruptible task.
 */
export const ChartWidthContext = createContext<number | undefined>(undefined);

/** The width of the figure's chart (ChartWidthContext). */
export const useChartWidth = () => use(ChartWidthContext);

interface ChartTurn {
  /** True once this chart may draw. */
  turn: boolean;
  /** To call once it has drawn: the next chart's turn comes. */
  drawn: () => void;
  /** The chart's box, measured at the turn and whenever it resizes. */
  box: RefObject<HTMLDivElement | null>;
  /** Its width in whole pixels, undefined while unknown (or 0, as in a test's DOM). */
  width: number | undefined;
}

/**
 * Takes a turn in the charts' queue: `turn` becomes true when this chart may draw, its
 * render a transition (it yields to input); `drawn` lets the next one start. A chart that
 * unmounts before drawing gives its turn up.
 */
export function useChartTurn(): ChartTurn {
  const [turn, setTurn] = useState(false);
  const [width, setWidth] = useState<number | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const [done] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((settle) => (resolve = settle));
    return { promise, resolve };
  });
  useEffect(() => {
    let active = true;
    let cancelIdle: (() => void) | undefined;
    const previous = queue;
    queue = previous.then(() => done.promise);
    const measure = () => Math.floor(box.current?.getBoundingClientRect().width ?? 0) || undefined;
    void previous.then(() => {
      if (!active) return;
      cancelIdle = whenIdle(() =>
        startTransition(() => {
          setWidth(measure());
          setTurn(true);
        }),
      );
    });
    // Follows the box (a rotated phone, an opened sidebar) as the chart itself would.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => startTransition(() => setWidth(measure())));
    if (box.current) observer?.observe(box.current);
    return () => {
      active = false;
      cancelIdle?.();
      observer?.disconnect();
      done.resolve();
    };
  }, [done]);
  return { turn, drawn: done.resolve, box, width };
}
