// Decisions 0148 and 0156: on /user/home with a session, the home's first reads (the
// wallet, the protection state, the home's promotions) and its chunks go out before the
// bundle has loaded, the reads with the API client's headers; src/lib/api/early-requests.ts
// hands each answer to the app's first read of it (held equal by its test). Once the state
// says no time-out or self-exclusion is in force, the first banner's image (the home's
// largest paint) is preloaded at high priority: never during a block (decision 0149).
/* global window, document, location, sessionStorage, localStorage */
(function () {
  try {
    // Already read by the app (this script is async and came late): its answers would be
    // older than what the app may have done since, so nothing is asked.
    if (window.__early) return;
    var path = location.pathname.replace(/\/+$/, '');
    if (path !== '/user/home' && path !== '/user') return;
    var token = sessionStorage.getItem('token') || localStorage.getItem('token');
    if (!token) return;
    // The build lists its chunks and its language on this script's tag (vite.config.ts).
    var tag = document.querySelector('script[data-home-chunks]');
    var stored = localStorage.getItem('locale');
    var fallback = tag && tag.getAttribute('data-default-locale') === 'la' ? 'la' : 'th';
    var headers = {
      Accept: 'application/json',
      'x-wallet-user': 'member',
      'Accept-Language': stored === 'th' || stored === 'la' || stored === 'en' ? stored : fallback,
      Authorization: 'Bearer ' + token,
    };
    var early = { at: Date.now(), headers: headers, answers: {} };
    var ask = function (apiPath) {
      var answer = fetch(apiPath, { headers: headers, credentials: 'same-origin' }).then(
        function (r) {
          return r.text().then(function (text) {
            return { status: r.status, text: text };
          });
        },
      );
      answer.catch(function () {});
      early.answers[apiPath] = answer;
      return answer;
    };
    ask('/api/wallet');
    var state = ask('/api/protection');
    var promotions = ask('/api/home/promotions');
    // A <link> in the head: the chunks and styles below, the first banner's image.
    var addLink = function (rel, href, attributes) {
      var link = document.createElement('link');
      link.rel = rel;
      for (var name in attributes) link.setAttribute(name, attributes[name]);
      link.href = href;
      document.head.appendChild(link);
    };
    // The home's chunks and the language's catalogue (vite.config.ts homeChunks): fetched
    // now, not found by the app one round trip at a time. After the reads: adding the links
    // takes a slow phone's main thread 40-65 ms (bench:web), and the reads wait longest.
    // Their styles too (the app adds them as stylesheets when it imports the chunks; the
    // banner waits for promo-board's).
    if (tag) {
      var files = (tag.getAttribute('data-home-chunks') || '').split(' ');
      files.push(tag.getAttribute('data-core-' + headers['Accept-Language']) || '');
      for (var f = 0; f < files.length; f++) {
        if (files[f]) addLink('modulepreload', files[f], { crossorigin: '' });
      }
      var styles = (tag.getAttribute('data-home-styles') || '').split(' ');
      for (var s = 0; s < styles.length; s++) {
        if (styles[s]) addLink('preload', styles[s], { as: 'style' });
      }
    }
    // HOME_BANNER_IMAGE of the contract (home-promotions.ts): a site path or an https address.
    var bannerImage = /^(https:\/\/[^\s<>"'`]+|\/(?!\/)[^\s<>"'`]*)$/i;
    Promise.all([state, promotions])
      .then(function (both) {
        if (both[0].status !== 200 || both[1].status !== 200) return;
        var block = JSON.parse(both[0].text).block;
        if (block && Date.parse(block.endsAt) > Date.now()) return;
        var banners = JSON.parse(both[1].text).banners || [];
        for (var i = 0; i < banners.length; i++) {
          if (!bannerImage.test(banners[i].image)) continue;
          addLink('preload', banners[i].image, { as: 'image', fetchpriority: 'high' });
          return;
        }
      })
      .catch(function () {});
    window.__early = early;
  } catch {
    // Storage refused: the app asks for everything itself.
  }
})();
