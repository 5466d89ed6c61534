// The calculator as a guest in another page's frame: its height sent to the
// host (reportHeight), the link out to the full calculator (fullUrl), and the
// part of the frame on the reader's screen (followHostView).
//
// Embedded in a frame as tall as the calculator (embed.js, the MediaWiki
// extension, the wiki gadget), the frame's own viewport is the whole
// calculator, most of it off the reader's screen. The embedding page says
// which part of the frame is on screen ("battle-calculator:view", in this
// document's pixels); the compact view then keeps its odds strip, its results
// column and its dialogs there (style.css, body.host-view). A plain iframe of
// fixed height sends nothing: it scrolls itself, and its viewport is what the
// reader sees.
import { parseHash, makeHash } from './share.js';

export function followHostView() {
  if (window.parent === window) return;
  const root = document.documentElement;
  let view = null;
  const apply = () => {
    if (!view) return;
    const height = root.clientHeight;
    const top = Math.min(Math.max(0, view.top), height);
    const bottom = Math.min(Math.max(top + 1, view.bottom), height);
    root.style.setProperty('--host-view-top', `${top}px`);
    root.style.setProperty('--host-view-height', `${bottom - top}px`);
    root.style.setProperty('--host-view-below', `${height - bottom}px`);
    document.body.classList.add('host-view');
  };
  window.addEventListener('message', (e) => {
    if (e.source !== window.parent) return;
    const d = e.data;
    if (!d || d.type !== 'battle-calculator:view' || !Number.isFinite(d.top) || !Number.isFinite(d.bottom) || d.bottom <= d.top) return;
    view = { top: d.top, bottom: d.bottom };
    apply();
  });
  window.addEventListener('resize', apply);
}

// The compact view's way out: the same battle, without embed=1.
export function fullUrl() {
  const url = new URL(location.href);
  url.searchParams.delete('embed');
  const { id, params } = parseHash(url.hash);
  params.delete('embed');
  url.hash = makeHash(id, params);
  return url.href;
}

// In an iframe, tell the embedding page how tall the calculator is. The body's
// own height, not the document's scroll height: that never falls below the
// iframe's current height, so a calculator that got shorter would never shrink.
export function reportHeight() {
  if (window.parent === window) return;
  let last = 0;
  const send = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'battle-calculator:height', height }, '*');
  };
  new ResizeObserver(send).observe(document.body);
  // A page whose script started after this frame (the MediaWiki extension's,
  // loaded after the page's HTML) missed the first height: it says hello,
  // and the height is sent again.
  window.addEventListener('message', (e) => {
    if (e.source === window.parent && e.data?.type === 'battle-calculator:hello') { last = 0; send(); }
  });
  send();
}
