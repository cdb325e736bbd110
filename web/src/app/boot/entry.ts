// The boot script's entry (web/build/boot-script.ts builds it on its own, with the build's
// file names as __BOOT_PLAN__).
import { boot, type BootPlan } from './boot';

declare const __BOOT_PLAN__: BootPlan;

boot(__BOOT_PLAN__, location.pathname);
