// Assembles what is served and what is saved, from site/ and build/wasm:
//   build/site/                  the site (with the wasm module and a service
//                                worker that caches every file for offline use)
//   dist/battle-calculator.html  one self-contained file (wasm, scripts, styles
//                                inlined) that works opened straight from disk
// Build outputs never go into site/ itself.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { absoluteCard } from './link-card.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'site');
const wasmDir = path.join(root, 'build', 'wasm');
const out = path.join(root, 'build', 'site');
const dist = path.join(root, 'dist');

// ---- the site ----
fs.rmSync(out, { recursive: true, force: true });
fs.cpSync(src, out, { recursive: true });
// Built for its address (SITE_URL=https://example.org/battle/), the link card names its picture in full.
if (process.env.SITE_URL) {
  const index = path.join(out, 'index.html');
  fs.writeFileSync(index, absoluteCard(fs.readFileSync(index, 'utf8'), process.env.SITE_URL));
}
for (const f of ['battle.js', 'battle.wasm']) fs.copyFileSync(path.join(wasmDir, f), path.join(out, f));
// The module's answers to the questions without input (its rules and its
// version), asked of this very build and written into the page's script,
// which gives them at once (js/engine/engine.js): the page lays itself out
// without waiting for the worker, which is busy loading battle.js and
// battle.wasm meanwhile (at 4x CPU slowdown, S&F's page was built some 45 ms
// later when it waited for the worker's answer behind battle.js's load).
const core = await createRequire(import.meta.url)(path.join(wasmDir, 'battle-node.cjs'))();
const rulesText = core.rules('');
// And its answers to the calls each page makes for its example before its
// first odds (js/first-calls.js): a first visit's odds need no worker. An
// example the core refuses, or cannot solve exactly, fails the build.
const { firstCalls, builtAnswer } = await import(pathToFileURL(path.join(src, 'js', 'first-calls.js')).href);
const calls = {};
for (const [fn, text] of firstCalls(JSON.parse(rulesText))) {
  (calls[fn] ||= {})[text] = builtAnswer((f, t) => core.call(f, t), fn, text);
}
const knownAnswers = `self.BATTLE_KNOWN = ${JSON.stringify({ rules: rulesText, version: core.version(), calls })};`;
// The calls the worker makes beforehand for the page it was started for (js/engine/warm-up.js).
const { warmUpCalls } = await import(pathToFileURL(path.join(src, 'js', 'engine', 'warm-up.js')).href);
const workerFile = path.join(out, 'js', 'engine', 'worker.js');
fs.writeFileSync(workerFile, `self.BATTLE_WARM = ${JSON.stringify(warmUpCalls(JSON.parse(rulesText)))};\n` + fs.readFileSync(workerFile, 'utf8'));

// The page's modules as one script (js/app.bundle.js, the bundler below),
// loaded deferred where index.html names js/app.js: one request and one
// compile instead of some sixty, each with its own fetch, module record and
// code cache. Measured in the headless shell, each load of a page to its
// first odds took 0.3-0.45 s less CPU and some 200 ms less time. The modules
// themselves are not served: only the page imports them (node's tests import
// site/js directly), and the service worker would fetch each to cache it.
const appTag = '<script type="module" src="js/app.js"></script>';
const indexFile = path.join(out, 'index.html');
const indexHtml = fs.readFileSync(indexFile, 'utf8');
if (!indexHtml.includes(appTag)) throw new Error('index.html: the page script js/app.js was not found');
const pageBundle = bundle('app.js', knownAnswers);
const served = new Set(['boot.js', 'engine/worker.js']); // classic scripts of their own, loaded by name
for (const e of fs.readdirSync(path.join(out, 'js'), { withFileTypes: true, recursive: true })) {
  const p = path.join(e.parentPath ?? e.path, e.name);
  const id = path.relative(path.join(out, 'js'), p).split(path.sep).join('/');
  if (e.isFile() && id.endsWith('.js') && !served.has(id)) fs.rmSync(p);
}
fs.writeFileSync(path.join(out, 'js', 'app.bundle.js'), pageBundle);
fs.writeFileSync(indexFile, indexHtml.replace(appTag, () => '<script defer src="js/app.bundle.js"></script>'));

// The MediaWiki extension's folder also as one archive, for a wiki's admin to
// download and unpack into extensions/ (docs/wiki.md); made the same way every
// time (names sorted, no dates, no owners), so the site's version moves only when it does.
const ext = path.join(out, 'wiki', 'mediawiki');
const tar = spawnSync('tar', ['--sort=name', '--mtime=@0', '--owner=0', '--group=0', '--numeric-owner', '-cf', '-', 'BattleCalculator'],
  { cwd: ext, maxBuffer: 1 << 26 });
if (tar.status !== 0) throw new Error(`tar: ${tar.stderr}`);
fs.writeFileSync(path.join(ext, 'BattleCalculator.tar.gz'), zlib.gzipSync(tar.stdout, { level: 9 }));
// The steps for each wiki, readable in a browser from the Embed dialog's link.
fs.copyFileSync(path.join(root, 'docs', 'wiki.md'), path.join(out, 'wiki', 'README.txt'));

const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else files.push(path.relative(out, p).split(path.sep).join('/'));
  }
})(out);
files.sort();
const hash = crypto.createHash('sha256');
for (const f of files) hash.update(f).update(fs.readFileSync(path.join(out, f)));
const version = hash.digest('hex').slice(0, 12);
// The wiki's files are for a wiki's admin to download, not for the page to work offline.
const precache = ['./', ...files.filter((f) => f !== 'sw.js' && !f.endsWith('.md') && !f.startsWith('wiki/'))];
const swPath = path.join(out, 'sw.js');
let sw = fs.readFileSync(swPath, 'utf8');
sw = sw.replace(/const VERSION = .*\/\* __VERSION__ \*\//, `const VERSION = ${JSON.stringify(version)};`)
  .replace(/const FILES = .*\/\* __FILES__ \*\//, `const FILES = ${JSON.stringify(precache)};`);
if (!sw.includes(version)) throw new Error('sw.js: version placeholder not found');
fs.writeFileSync(swPath, sw);
precompress(out);

// Beside each text file and the wasm module, its brotli and gzip forms
// (FILE.br, FILE.gz), as a static host serves them (scripts/serve.mjs picks
// the one a browser accepts); only where they are smaller. Written after the
// version and the service worker's list, which name the files themselves.
function precompress(dir) {
  const kinds = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt', '.webmanifest']);
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = path.join(e.parentPath ?? e.path, e.name);
    if (!e.isFile() || !kinds.has(path.extname(e.name))) continue;
    const raw = fs.readFileSync(p);
    const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = zlib.gzipSync(raw, { level: 9 });
    if (br.length < raw.length) fs.writeFileSync(p + '.br', br);
    if (gz.length < raw.length) fs.writeFileSync(p + '.gz', gz);
  }
}

// ---- the single file ----
// A small bundler for the site's own modules: each module becomes a function
// returning its exports, in dependency order. It accepts only the forms the
// site uses and fails loudly on anything else.
// A module's import, as a path from site/js ('engine/pool.js'): the site's
// modules import only each other, by relative paths.
function moduleId(from, spec) {
  const id = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  if (id.startsWith('..')) throw new Error(`${from}: ${spec} is outside site/js`);
  return id;
}
function bundle(entry, prelude = '') {
  const order = [];
  const seen = new Set();
  const importRe = /^import\s+([\s\S]+?)\s+from\s+'(\.\.?\/[\w./-]+\.js)';[ \t]*$/gm;
  function visit(name, stack = []) {
    if (seen.has(name)) return;
    if (stack.includes(name)) throw new Error(`bundle: import cycle ${[...stack, name].join(' -> ')}`);
    const code = fs.readFileSync(path.join(src, 'js', name), 'utf8');
    for (const m of code.matchAll(importRe)) visit(moduleId(name, m[2]), [...stack, name]);
    seen.add(name);
    order.push([name, code]);
  }
  visit(entry);
  const parts = ['"use strict";', prelude, 'const __modules = Object.create(null);'];
  for (const [name, code] of order) {
    const exports = [];
    let body = code.replace(importRe, (_, what, spec) => {
      const from = moduleId(name, spec);
      what = what.trim();
      const star = what.match(/^\*\s+as\s+(\w+)$/);
      if (star) return `const ${star[1]} = __modules[${JSON.stringify(from)}];`;
      const named = what.match(/^\{([\s\S]*)\}$/);
      if (!named) throw new Error(`bundle: ${name}: unsupported import ${what}`);
      const bindings = named[1].split(',').map((s) => s.trim()).filter(Boolean)
        .map((s) => s.replace(/^(\w+)\s+as\s+(\w+)$/, '$1: $2'));
      return `const { ${bindings.join(', ')} } = __modules[${JSON.stringify(from)}];`;
    });
    body = body.replace(/^export\s+(async\s+function|function|const|let|class)\s+(\w+)/gm, (_, kind, id) => {
      exports.push(id);
      return `${kind} ${id}`;
    });
    if (/^\s*(import|export)\b/m.test(body)) throw new Error(`bundle: ${name}: unsupported import or export form`);
    if (/import\.meta/.test(body)) throw new Error(`bundle: ${name}: import.meta does not work in a classic script`);
    parts.push(`__modules[${JSON.stringify(name)}] = (function () {\n${body}\nreturn { ${exports.join(', ')} };\n})();`);
  }
  return parts.join('\n');
}

const sha = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const style = fs.readFileSync(path.join(src, 'css', 'style.css'), 'utf8');
// The worker: the module, its wasm as base64 (worker.js hands the bytes to
// the module), and the worker's own code, started from a Blob by app.js. As
// text/plain it is never run by the page.
const workerCode = fs.readFileSync(path.join(wasmDir, 'battle.js'), 'utf8') + '\n' +
  `self.BATTLE_WASM_BASE64 = '${fs.readFileSync(path.join(wasmDir, 'battle.wasm')).toString('base64')}';\n` +
  fs.readFileSync(workerFile, 'utf8');
if (workerCode.includes('</script')) throw new Error('single file: the worker code contains </script');
if (pageBundle.includes('</script')) throw new Error('single file: the page code contains </script');

let html = fs.readFileSync(path.join(src, 'index.html'), 'utf8');
const csp = [
  "default-src 'none'",
  `script-src ${sha(pageBundle)} 'wasm-unsafe-eval'`,
  `style-src ${sha(style)}`,
  'worker-src blob:',
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
html = html
  .replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`)
  .replace('<link rel="stylesheet" href="css/style.css">', () => `<style>${style}</style>`)
  .replace('<script type="module" src="js/app.js"></script>', '')
  .replace(/ *<!-- boot\.js[\s\S]*?-->\n/, '')
  .replace('<script src="js/boot.js"></script>', '')
  .replace('</body>', () => `<script type="text/plain" id="worker-source">${workerCode}</script>\n<script>${pageBundle}</script>\n</body>`);
if (!html.includes('worker-source') || !html.includes('<style>') || html.includes('<script src="js/boot.js">')) throw new Error('single file: index.html no longer has the expected shape');
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(path.join(dist, 'battle-calculator.html'), html);

console.log(`site assembled in build/site (version ${version}); single file in dist/battle-calculator.html (${html.length} bytes)`);
