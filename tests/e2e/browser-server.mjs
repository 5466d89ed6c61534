// The one Chromium of a run of the browser tests (scripts/test starts it):
// prints its address for BC_BROWSER_WS (tests/e2e/harness.mjs's launch()
// connects to it) and runs until it is sent SIGTERM, or its parent is gone.
import { startBrowserServer } from './harness.mjs';

const server = await startBrowserServer();
process.stdout.write(server.wsEndpoint() + '\n');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) stop(); }, 1000);
