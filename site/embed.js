// Include this one script in a wiki page to turn
//   <battle-calculator ruleset="olympia" scenario="..."></battle-calculator>
// into a live calculator. `scenario` is a battle as JSON, or the "2.…" code
// from the calculator's Copy link / Embed dialog. The calculator runs in an
// iframe from the same place as this script (no server of ours is involved)
// and grows to fit its content.
(function () {
  'use strict';
  if (window.customElements === undefined || window.customElements.get('battle-calculator')) return;
  var script = document.currentScript;
  var base = new URL('./', script ? script.src : document.baseURI);

  function frameUrl(ruleset, scenario) {
    var params = new URLSearchParams();
    if (scenario) {
      var text = scenario.trim();
      if (text.charAt(0) === '{') params.set('j', text);
      else params.set('b', text);
    }
    var query = params.toString();
    return new URL('index.html?embed=1#/' + encodeURIComponent(ruleset || '') + (query ? '?' + query : ''), base).href;
  }

  // The part of `frame` on the reader's screen, in the frame's own pixels.
  function tellView(frame) {
    if (!frame.contentWindow) return;
    var r = frame.getBoundingClientRect();
    var top = Math.max(0, -r.top), bottom = Math.min(r.height, window.innerHeight - r.top);
    if (bottom <= top) return;
    frame.contentWindow.postMessage({ type: 'battle-calculator:view', top: top, bottom: bottom }, new URL(frame.src).origin);
  }

  class BattleCalculator extends HTMLElement {
    static get observedAttributes() { return ['ruleset', 'scenario']; }

    connectedCallback() {
      if (!this.frame) {
        var frame = document.createElement('iframe');
        frame.setAttribute('title', this.getAttribute('title') || 'Battle odds calculator');
        frame.setAttribute('loading', 'lazy');
        frame.style.width = '100%';
        frame.style.border = '0';
        frame.style.height = (this.getAttribute('height') || '600') + 'px';
        frame.style.display = 'block';
        this.frame = frame;
        this.onMessage = function (event) {
          if (event.source !== frame.contentWindow) return;
          var data = event.data;
          if (data && data.type === 'battle-calculator:height' && typeof data.height === 'number' && data.height > 0 && data.height < 100000) {
            frame.style.height = Math.ceil(data.height) + 'px';
            tellView(frame);
          }
        };
        window.addEventListener('message', this.onMessage);
        // The frame is as tall as the calculator: tell it which part is on
        // screen, so that its odds and dialogs stay where the reader looks.
        this.onView = function () { tellView(frame); };
        window.addEventListener('scroll', this.onView, { passive: true });
        window.addEventListener('resize', this.onView);
        this.appendChild(frame);
      }
      this.load();
    }

    disconnectedCallback() {
      if (this.onMessage) window.removeEventListener('message', this.onMessage);
      if (this.onView) {
        window.removeEventListener('scroll', this.onView);
        window.removeEventListener('resize', this.onView);
      }
      if (this.frame) this.frame.remove();
      this.frame = null;
    }

    attributeChangedCallback() {
      if (this.frame) this.load();
    }

    load() {
      var url = frameUrl(this.getAttribute('ruleset'), this.getAttribute('scenario'));
      if (this.frame.src !== url) this.frame.src = url;
    }
  }

  window.customElements.define('battle-calculator', BattleCalculator);
})();
