// A real MediaWiki for the wiki tests: Debian's package (scripts/setup
// installs it), installed fresh into a temporary folder with its own
// maintenance/install.php and SQLite, served by PHP's built-in server; the
// BattleCalculator extension installed as docs/wiki.md says. Both the folder
// and the server are the test's: stop() ends the server and removes the folder.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root, useSiteAndBrowser, loadCore } from './harness.mjs';

export const MEDIAWIKI = '/usr/share/mediawiki';
const EXAMPLE = 'https://example.org/battle/';

const freePort = () => new Promise((resolve, reject) => {
  const s = net.createServer();
  s.on('error', reject);
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

// What docs/wiki.md tells an admin to do: the archive to fetch and the lines for LocalSettings.php.
export function docSteps(siteUrl) {
  const doc = fs.readFileSync(path.join(root, 'docs', 'wiki.md'), 'utf8');
  const php = doc.match(/```php\n([\s\S]*?)```/);
  const archive = doc.match(/curl -fsSLO (\S+)/);
  const unpack = doc.match(/^\s*(tar -xzf \S+)/m);
  if (!php || !archive || !unpack) throw new Error('docs/wiki.md no longer gives the extension\'s steps');
  return {
    php: php[1].replaceAll(EXAMPLE, siteUrl),
    archive: archive[1].replaceAll(EXAMPLE, siteUrl),
    unpack: unpack[1].split(/\s+/),
  };
}

async function waitFor(url, ms) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch { /* not listening yet */ }
    if (Date.now() > end) throw new Error(`the wiki did not answer at ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// siteUrl: where the calculator is served ("http://127.0.0.1:PORT/").
export async function installWiki({ siteUrl }) {
  if (!fs.existsSync(path.join(MEDIAWIKI, 'maintenance', 'install.php'))) throw new Error('MediaWiki is not installed: run scripts/setup');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bc-wiki-'));
  let server = null;
  const group = (signal) => { try { if (server) process.kill(-server.pid, signal); } catch { /* the group has ended */ } };
  const remove = () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  // Whatever happens to the test (a failed install, an error before stop()), the server and folder go with it.
  process.once('exit', () => { group('SIGKILL'); try { remove(); } catch { /* nothing more to do at exit */ } });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const settings = path.join(dir, 'LocalSettings.php');
  const env = { ...process.env, MW_CONFIG_FILE: settings };
  const php = (args, input = '') => {
    const r = spawnSync('php', args, { cwd: MEDIAWIKI, env, input, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`php ${args[0]} failed: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  php(['maintenance/install.php', '--dbtype=sqlite', `--dbpath=${path.join(dir, 'data')}`, '--dbname=wiki',
    `--server=${url}`, '--scriptpath=', '--lang=en', '--pass=Battle-odds-2026!', `--confpath=${dir}`, 'Battle Wiki', 'Admin']);
  // This wiki's own extensions folder (Debian's is the system's): MediaWiki's
  // Gadgets, and BattleCalculator fetched and unpacked as docs/wiki.md says.
  const ext = path.join(dir, 'extensions');
  fs.mkdirSync(ext);
  fs.symlinkSync(path.join(MEDIAWIKI, 'extensions-core', 'Gadgets'), path.join(ext, 'Gadgets'));
  const steps = docSteps(siteUrl);
  const archive = await fetch(steps.archive);
  if (!archive.ok) throw new Error(`${steps.archive}: ${archive.status}`);
  fs.writeFileSync(path.join(ext, path.basename(new URL(steps.archive).pathname)), Buffer.from(await archive.arrayBuffer()));
  execFileSync(steps.unpack[0], steps.unpack.slice(1), { cwd: ext });
  fs.mkdirSync(path.join(dir, 'cache'));
  fs.appendFileSync(settings, [
    '',
    `$wgExtensionDirectory = '${ext}';`,
    `$wgCacheDirectory = '${path.join(dir, 'cache')}';`,
    // A favicon that exists (PHP's server has no /favicon.ico), so the page loads with no 404.
    "$wgFavicon = '/resources/assets/mediawiki.png';",
    "$wgLogos = [ '1x' => '/resources/assets/mediawiki.png' ];",
    "wfLoadExtension( 'Gadgets' );",
    steps.php,
  ].join('\n'));
  // Its own process group: PHP's server forks its workers, which outlive a
  // SIGTERM to the first process alone (and keep its stderr open, so the test
  // would never end); stop() ends the whole group.
  server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', MEDIAWIKI], {
    env: { ...env, PHP_CLI_SERVER_WORKERS: '4' }, stdio: ['ignore', 'ignore', 'pipe'], detached: true,
  });
  let log = '';
  server.stderr.on('data', (d) => { log = (log + d).slice(-4000); });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const gone = new Promise((r) => server.once('exit', r));
      group('SIGTERM');
      await gone;
    }
    group('SIGKILL');
    server.stderr.destroy();
    remove();
  };
  try {
    await waitFor(`${url}/index.php?title=Main_Page`, 30000);
  } catch (e) {
    await stop();
    throw new Error(`${e.message}\n${log}`);
  }
  return {
    url,
    dir,
    page: (title) => `${url}/index.php?title=${encodeURIComponent(title.replace(/ /g, '_'))}`,
    // Saves a page as the wiki's admin (interface pages need an interface admin).
    edit: (title, text) => php(['maintenance/edit.php', '--user', 'Admin', '--summary', 'battle calculator test', title], text),
    // The wiki's own parser: wikitext in, HTML out.
    parse: (text) => php(['maintenance/parse.php'], text),
    log: () => log,
    stop,
  };
}

// Registers before/after hooks for a wiki test file: the site and a browser
// (harness.mjs), a fresh MediaWiki that embeds that site, and the core under
// node. The returned object holds them once started: server, chrome, wiki, core.
export function useWiki(hooks) {
  return useSiteAndBrowser(hooks, {
    async start(env) {
      env.wiki = await installWiki({ siteUrl: env.server.url });
      env.core = await loadCore();
    },
    async stop(env) { await env.wiki?.stop(); },
  });
}
