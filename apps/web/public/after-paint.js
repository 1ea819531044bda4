// Decision 0155: a prerendered page (/login, and the member home the server renders: 0159) is on screen as soon as its HTML and CSS are;
// its app starts right after that first paint. The build lists the app's entry and chunks on
// this script's tag (data-entry, data-preload), as Vite had put them in the head.
/* global window, document, requestAnimationFrame */
(function () {
  var tag = document.currentScript;
  var started = false;
  // Asking for a script costs a slow phone a few ms of its main thread (Chromium at 4x CPU: 2-6
  // ms each, 45-125 ms for the home's 17), and no tap is handled meanwhile. The list is asked
  // for in slices of about SLICE_MS, each a task of its own (decision 0163); the entry last.
  var SLICE_MS = 20;
  function append(tagName, properties) {
    var element = document.createElement(tagName);
    for (var name in properties) element[name] = properties[name];
    document.head.appendChild(element);
  }
  function start() {
    if (started) return;
    started = true;
    // What to add to the head, in order: the chunks, then the entry and, once the page has
    // painted (decision 0163), the web app manifest (the install offer needs it, the first
    // paint does not).
    var steps = (tag.getAttribute('data-preload') || '')
      .split(' ')
      .filter(Boolean)
      .map(function (href) {
        return function () {
          append('link', { rel: 'modulepreload', crossOrigin: '', href: href });
        };
      });
    steps.push(function () {
      append('script', {
        type: 'module',
        crossOrigin: '',
        src: tag.getAttribute('data-entry'),
      });
      var manifest = tag.getAttribute('data-manifest');
      if (manifest && !document.querySelector('link[rel="manifest"]'))
        append('link', { rel: 'manifest', href: manifest });
    });
    var next = 0;
    (function slice() {
      var began = Date.now();
      for (; next < steps.length; next++) {
        if (Date.now() - began >= SLICE_MS) return setTimeout(slice, 0);
        steps[next]();
      }
    })();
  }
  // Enter in the page's form before the app runs sends nothing (its button is disabled); the
  // app sends the form once it has taken the page over (src/lib/take-over.ts), as asked.
  var root = document.getElementById('root');
  document.addEventListener(
    'keydown',
    function (event) {
      if (event.key !== 'Enter' || !root || !root.hasAttribute('data-prerendered')) return;
      if (event.target && event.target.form) root.setAttribute('data-submit-pending', '');
    },
    true,
  );
  // A tap on the member home the server rendered (decision 0159) before the app has taken it
  // over reaches no code (a link would load the whole app again): it is noted by what was
  // tapped and made again once the app has hydrated the page (src/app/home-take-over.tsx).
  document.addEventListener(
    'click',
    function (event) {
      var page = document.getElementById('root');
      if (!page || page.getAttribute('data-prerendered') !== 'home') return;
      event.preventDefault();
      var tapped = event.target && event.target.closest && event.target.closest('[data-testid]');
      if (tapped) page.setAttribute('data-tap-pending', tapped.getAttribute('data-testid'));
    },
    true,
  );
  // Chromium's install offer (decision 0151) can come before the app runs here (the page's
  // load event may fire before the app's script is even asked for): kept for the app, which
  // takes it when it starts (src/pwa/install-capture.ts).
  window.addEventListener('beforeinstallprompt', function (event) {
    if (window.__installPromptTaken) return;
    event.preventDefault();
    window.__installPrompt = event;
  });
  // Where the browser reports paints, the app starts once the page's largest paint has been
  // reported: a frame callback runs before that frame is shown, and on a slow phone the app's
  // scripts were asked for before the page was on screen (Lighthouse counted their download
  // into /login's Largest Contentful Paint: 0.9 to 1.9 s over five runs). Elsewhere (Safari),
  // after the first frame: its callbacks run before it is painted, the timeout after.
  var Observer = window.PerformanceObserver;
  var reported =
    Observer &&
    Observer.supportedEntryTypes &&
    Observer.supportedEntryTypes.indexOf('largest-contentful-paint') >= 0;
  // A page whose largest paint is an image (the member home's first banner, decision 0159):
  // its first paint is the text around it, and the app's scripts would share a slow phone's
  // link and main thread with the image's load and paint. Where that image shows in the
  // first screen, they wait for the paint of it to be reported (the timeout below still holds).
  // Read at the first report (this script is async: the page may not be parsed when it runs).
  var waitFor = null;
  var imagesShown = function () {
    var shown = [];
    var images = document.querySelectorAll('#root img[fetchpriority="high"]');
    for (var i = 0; i < images.length; i++) {
      if (images[i].getBoundingClientRect().top < window.innerHeight) shown.push(images[i].src);
    }
    return shown;
  };
  if (reported) {
    var observer = new Observer(function (list) {
      if (waitFor === null) waitFor = imagesShown();
      var entries = list.getEntries();
      for (var e = 0; e < entries.length; e++) {
        if (waitFor.length === 0 || waitFor.indexOf(entries[e].url) >= 0) {
          observer.disconnect();
          setTimeout(start, 0);
          return;
        }
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // A page opened in the background paints nothing: start anyway.
  setTimeout(start, reported ? 1000 : 300);
})();
