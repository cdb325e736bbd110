// The charts' code (nivo and what it draws with: several times the rest of the dashboard's
// code) is a chunk of its own, fetched together with the dashboard's (app/pages.ts), so the
// cards and lists are drawn as soon as their own code and the figures are in, without waiting
// for the charts' code to arrive and run (on a slow phone, the largest part of the wait).
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
