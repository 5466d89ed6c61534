// The link card a chat service or forum shows for the calculator's address:
// index.html's Open Graph and Twitter tags name the page, say what it does and
// point at a picture shipped in the site, of the size they declare; a site
// built for its address names the picture in full (scripts/link-card.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './wasm.mjs';
import { absoluteCard } from '../../scripts/link-card.mjs';

const html = fs.readFileSync(path.join(root, 'site', 'index.html'), 'utf8');
const head = html.split('</head>')[0];
// {"og:title": "…", "twitter:card": "…"}: each tag once.
function tags(text) {
  const found = {};
  for (const m of text.matchAll(/<meta (?:property|name)="((?:og|twitter):[\w:]+)" content="([^"]*)">/g)) {
    assert.equal(found[m[1]], undefined, `${m[1]} once`);
    found[m[1]] = m[2];
  }
  return found;
}

test('index.html carries a card: title, description and a picture of the calculator shipped in the site', () => {
  const t = tags(head);
  for (const k of ['og:title', 'og:description', 'og:image', 'og:image:alt', 'twitter:title', 'twitter:description', 'twitter:image']) {
    assert.ok(t[k] && t[k].length > 5, k);
  }
  assert.equal(t['og:type'], 'website');
  assert.equal(t['twitter:card'], 'summary_large_image');
  assert.equal(t['twitter:image'], t['og:image']);
  const png = fs.readFileSync(path.join(root, 'site', t['og:image']));
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.equal(png.readUInt32BE(16), Number(t['og:image:width']));
  assert.equal(png.readUInt32BE(20), Number(t['og:image:height']));
  // Cards are cut at about 1.91:1; under 5 MB for every service.
  assert.ok(Math.abs(png.readUInt32BE(16) / png.readUInt32BE(20) - 1.91) < 0.05);
  assert.ok(png.length < 5e6);
});

test('built for its address, the card names its picture and page in full; a bad address is refused', () => {
  const t = tags(absoluteCard(html, 'https://example.org/battle'));
  assert.equal(t['og:image'], 'https://example.org/battle/img/card.png');
  assert.equal(t['twitter:image'], 'https://example.org/battle/img/card.png');
  assert.equal(t['og:url'], 'https://example.org/battle/');
  for (const bad of ['example.org/battle/', 'javascript:alert(1)', 'https://x.org/"><script>', 'https://x.org/?a=1']) {
    assert.throws(() => absoluteCard(html, bad), /SITE_URL must be/, bad);
  }
});
