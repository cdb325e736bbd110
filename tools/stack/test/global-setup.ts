import { buildApp } from '../build.ts';

/** The stacks serve the built functions and web app. */
export default function setup(): void {
  buildApp();
}
