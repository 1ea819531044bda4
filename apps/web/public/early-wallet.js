// The member home's wallet request, started before the app's code has loaded (issue 29,
// decision 0148). index.html loads this file with `async` (the CSP allows no inline script);
// on /user/home with a session it sends `GET /api/wallet` exactly as the app's API client
// would (same headers: src/lib/api-client.ts, src/lib/session.ts, src/i18n/i18n.ts) and
// leaves the answer on `window.__earlyWallet` for src/lib/api/early-wallet.ts to take once.
// Kept equal to the app by src/lib/api/early-wallet.test.ts. Plain ES2019 (no modules, no imports): it must run before the bundle.
/* global window, location, sessionStorage, localStorage */
(function () {
  try {
    var path = location.pathname.replace(/\/+$/, '');
    if (path !== '/user/home' && path !== '/user') return;
    var token = sessionStorage.getItem('token') || localStorage.getItem('token');
    if (!token) return;
    var stored = localStorage.getItem('locale');
    var locale = stored === 'th' || stored === 'la' || stored === 'en' ? stored : 'th';
    var headers = {
      Accept: 'application/json',
      'x-wallet-user': 'member',
      'Accept-Language': locale,
      Authorization: 'Bearer ' + token,
    };
    window.__earlyWallet = {
      at: Date.now(),
      headers: headers,
      answer: fetch('/api/wallet', { headers: headers, credentials: 'same-origin' }).then(
        function (response) {
          return response.text().then(function (text) {
            return { status: response.status, text: text };
          });
        },
      ),
    };
    // An unhandled failure here is the app's to handle (it asks again itself).
    window.__earlyWallet.answer.catch(function () {});
  } catch {
    // Storage refused (private mode): the app asks for the wallet itself.
  }
})();
