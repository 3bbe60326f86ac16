// A server-rendered page is on screen seconds before its JavaScript runs on a slow phone network,
// and React drops a click on markup it has not hydrated: a tap on "Add" in that gap was lost. This
// small script goes inline in the head of every server-rendered page, so it runs before anything can
// be tapped. It holds each tap on a control (a button, a checkbox) until the app has hydrated, and
// the app replays the held taps then (src/app/replay-early-taps.ts). Links are left alone: they
// navigate without JavaScript.
//
// Inline because an external script in the head would block the first paint for a round trip. Our
// CSP allows no inline script, except this one by its hash (src/server/http/early-taps.ts). It is
// plain ES5 text, not a compiled function, so its hash is the same wherever it is computed.

/** The page's global the app releases the held taps through. */
export const HELD_TAPS_GLOBAL = '__heldTaps';

export const EARLY_TAPS_SCRIPT = `(function () {
  var held = [];
  var controls = 'button, [role="button"], input[type="checkbox"], input[type="radio"]';
  var hold = function (event) {
    var control = event.target instanceof Element ? event.target.closest(controls) : null;
    if (!control || control.disabled || control.getAttribute('aria-disabled') === 'true') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.indexOf(control) < 0) held.push(control);
    control.setAttribute('data-held-tap', '');
  };
  document.addEventListener('click', hold, true);
  window.${HELD_TAPS_GLOBAL} = {
    release: function () {
      document.removeEventListener('click', hold, true);
      var taps = held;
      held = [];
      taps.forEach(function (control) { control.removeAttribute('data-held-tap'); });
      return taps;
    },
  };
})();`;
