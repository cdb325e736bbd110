// The charts' code (d3-shape and the SVG it draws) loads apart from the page's module, started
// together with the dashboard's (app/pages.ts), and the cards and lists are drawn without
// waiting for it. The production build puts it in the first screen's chunk with the dashboard
// (web/build/first-screen-chunk.ts), so there it is in as soon as the cards' code is.
import { useEffect, useState } from 'react';

type ChartsModule = typeof import('./charts');
let loaded: ChartsModule | undefined;

/** Fetches the charts' module; import() keeps it, so it is fetched once. */
export function loadCharts(): Promise<ChartsModule> {
  return import('./charts').then((module) => (loaded = module));
}

/**
 * The charts' module once loaded, else undefined; a failure to load it is thrown to the page's
 * crash boundary. Plain state rather than React.lazy: after a Suspense fallback React holds
 * back the next reveal for 300 ms. The charts are light enough to draw with the cards once both
 * the figures and this code are in.
 */
export function useCharts(): ChartsModule | undefined {
  const [state, setState] = useState<{ module?: ChartsModule; error?: unknown }>({
    module: loaded,
  });
  useEffect(() => {
    if (state.module) return;
    let live = true;
    loadCharts().then(
      (module) => live && setState({ module }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [state.module]);
  if (state.error) throw state.error;
  return state.module;
}
