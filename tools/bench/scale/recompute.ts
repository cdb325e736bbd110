/**
 * Runs the dashboard job (functions/src/features/dashboard) once against the
 * Firestore that FIRESTORE_EMULATOR_HOST names, in a process of its own so that its time and
 * peak memory are its own; prints one JSON line: { ms, peakRssMb, entries }.
 */
import { recomputeDashboard } from '../../../functions/src/app/seeding.ts';

const started = performance.now();
const { entries } = await recomputeDashboard();
const ms = Math.round(performance.now() - started);
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify({ ms, peakRssMb, entries }));
