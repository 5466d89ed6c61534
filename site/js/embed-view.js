// Embedded in a frame as tall as the calculator (embed.js, the MediaWiki
// extension, the wiki gadget), the frame's own viewport is the whole
// calculator, most of it off the reader's screen. The embedding page says
// which part of the frame is on screen ("battle-calculator:view", in this
// document's pixels); the compact view then keeps its odds strip, its results
// column and its dialogs there (style.css, body.host-view). A plain iframe of
// fixed height sends nothing: it scrolls itself, and its viewport is what the
// reader sees.
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
