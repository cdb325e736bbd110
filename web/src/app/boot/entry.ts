// The boot script's entry, written into index.html by web/build/boot-script.ts. Its code is the
// same from build to build, so the site's policy (firebase.json) allows it by its hash; the
// build's file names come from the data block before it.
import { boot } from './boot';
import { BOOT_PLAN_ID, type BootPlan } from './plan';

const plan = document.getElementById(BOOT_PLAN_ID)?.textContent;
if (plan) boot(JSON.parse(plan) as BootPlan, location.pathname);
