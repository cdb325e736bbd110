// The gate's one build of the run: functions/lib and web/dist, which the deploy, stack and
// browser suites then use (the gate's typecheck step checks the web app's types).
import { SHARED_BUILD_ENV, buildApp } from '../stack/build.ts';

delete process.env[SHARED_BUILD_ENV];
buildApp({ typecheckWeb: false });
