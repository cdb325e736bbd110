// What the build tells the boot script (boot.ts): a module of its own, without imports, as the
// build's own code (web/build/boot-script.ts) reads it too.

/** The id of index.html's data block that holds the BootPlan (JSON). */
export const BOOT_PLAN_ID = 'crm-boot-plan';

/** The build's files (paths under the site's root) each case needs, scripts and styles. */
export interface BootPlan {
  /** The signed-in shell's code (app/shell.tsx and the chunks it imports). */
  signedIn: string[];
  /** The dashboard's code and its charts' (features/dashboard, its charts). */
  dashboard: string[];
}
