// A battle in a link: the scenario as JSON, deflated and base64url-encoded,
// behind a format version so that old links keep working or say why not.
// Format 2 links name the dice a shown roll was made with ("&dice=", see
// versions.js); format 1 links were all made with dice version 1. Both carry
// the battle the same way, so this page reads both; a page that reads only
// format 1 refuses a format 2 link instead of rolling it with other dice.
export const LINK_VERSION = 2;
const MAX_LINK_CHARS = 200_000;
const MAX_JSON_BYTES = 4 << 20;

export class LinkError extends Error {}

function toBase64Url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError('it contains characters a battle link never has');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  let bin;
  try {
    bin = atob(b64);
  } catch {
    throw new LinkError('it is not in the link format');
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pump(stream, limit) {
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel();
      throw new LinkError('it unpacks to more than 4 MB');
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

async function deflate(bytes) {
  return pump(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw')), Infinity);
}

async function inflate(bytes) {
  try {
    return await pump(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')), MAX_JSON_BYTES);
  } catch (e) {
    if (e instanceof LinkError) throw e;
    throw new LinkError('it is damaged (it does not unpack)');
  }
}

export async function encodeScenario(scenario) {
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  return `${LINK_VERSION}.${toBase64Url(await deflate(json))}`;
}

// Reads a link's scenario; throws LinkError saying what is wrong.
export async function decodeScenario(text) {
  if (typeof text !== 'string' || text.length === 0) throw new LinkError('it is empty');
  if (text.length > MAX_LINK_CHARS) throw new LinkError('it is too long');
  const dot = text.indexOf('.');
  const version = dot > 0 ? text.slice(0, dot) : '';
  if (!/^\d+$/.test(version)) throw new LinkError('it has no format version');
  if (Number(version) > LINK_VERSION) {
    throw new LinkError(`it was made by a newer version of the calculator (link format ${version}; this page reads up to ${LINK_VERSION})`);
  }
  if (Number(version) < 1) throw new LinkError(`its format ${version} is unknown`);
  const bytes = await inflate(fromBase64Url(text.slice(dot + 1)));
  return parseScenarioJson(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
}

export function parseScenarioJson(text) {
  if (typeof text !== 'string' || text.length > MAX_JSON_BYTES) throw new LinkError('it is too large');
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LinkError('it is not valid JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new LinkError('it does not describe a battle');
  if (typeof value.ruleset !== 'string') throw new LinkError('it does not name a rule system');
  return value;
}

// The fragment: "#/<ruleset>?b=<link>" (or "j=<JSON>" for hand-written
// links), with "roll=1" to show the rolled battle ("dice=<version>": the dice
// it was rolled with) and "embed=1" for the compact view.
export function parseHash(hash = location.hash) {
  const raw = hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  let id = q >= 0 ? raw.slice(0, q) : raw;
  try { id = decodeURIComponent(id); } catch { id = ''; }
  const params = new URLSearchParams(q >= 0 ? raw.slice(q + 1) : '');
  return { id, params };
}

export function makeHash(id, params) {
  const s = params.toString();
  return `#/${encodeURIComponent(id)}${s ? '?' + s : ''}`;
}
