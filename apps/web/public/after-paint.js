// Decision 0155: a prerendered page (/login) is on screen as soon as its HTML and CSS are;
// its app starts right after that first paint. The build lists the app's entry and chunks on
// this script's tag (data-entry, data-preload), as Vite had put them in the head.
/* global window, document, requestAnimationFrame */
(function () {
  var tag = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var preload = (tag.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = tag.getAttribute('data-entry');
    document.head.appendChild(script);
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
  if (reported) {
    var observer = new Observer(function () {
      observer.disconnect();
      setTimeout(start, 0);
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
