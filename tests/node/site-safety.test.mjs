// The page's own code never turns text into HTML or code, has no inline
// event handlers, and every page carries a Content-Security-Policy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './wasm.mjs';

const site = path.join(root, 'site');
const files = [];
(function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p); else files.push(p);
  }
})(site);

test('no HTML from strings, no eval, in the site scripts', () => {
  const js = files.filter((f) => f.endsWith('.js'));
  assert.ok(js.length >= 5);
  for (const f of js) {
    const code = fs.readFileSync(f, 'utf8');
    for (const bad of [/\.innerHTML\b/, /\.outerHTML\b/, /insertAdjacentHTML/, /document\.write/, /\beval\s*\(/, /new Function\b/, /setTimeout\(\s*['"`]/]) {
      assert.doesNotMatch(code, bad, `${path.relative(root, f)} uses ${bad}`);
    }
  }
});

test('no inline scripts or event handlers in the pages, and a CSP on each', () => {
  const html = files.filter((f) => f.endsWith('.html'));
  assert.ok(html.length >= 2);
  for (const f of html) {
    const text = fs.readFileSync(f, 'utf8');
    const rel = path.relative(root, f);
    assert.doesNotMatch(text, /\son[a-z]+\s*=/i, `${rel} has an inline event handler`);
    assert.doesNotMatch(text, /<script(?![^>]*\bsrc=)[^>]*>/i, `${rel} has an inline script`);
    assert.doesNotMatch(text, /(href|src|action)\s*=\s*["']?\s*javascript:/i, `${rel} has a javascript: URL`);
    const csp = text.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/);
    assert.ok(csp, `${rel} has no Content-Security-Policy`);
    assert.match(csp[1], /script-src 'self'(;|$)/, `${rel}: scripts only from the site itself`);
    assert.doesNotMatch(csp[1], /unsafe-inline|unsafe-eval/, rel);
  }
});
