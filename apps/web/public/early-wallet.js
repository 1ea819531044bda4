// Decision 0148: on /user/home with a session, GET /api/wallet before the bundle has loaded,
// with the API client's headers; src/lib/api/early-wallet.ts takes it (held equal by its test).
/* global window, location, sessionStorage, localStorage */
(function () {
  try {
    var path = location.pathname.replace(/\/+$/, '');
    if (path !== '/user/home' && path !== '/user') return;
    var token = sessionStorage.getItem('token') || localStorage.getItem('token');
    if (!token) return;
    var locale = localStorage.getItem('locale');
    var headers = {
      Accept: 'application/json',
      'x-wallet-user': 'member',
      'Accept-Language': locale === 'la' || locale === 'en' ? locale : 'th',
      Authorization: 'Bearer ' + token,
    };
    var answer = fetch('/api/wallet', { headers: headers, credentials: 'same-origin' }).then(
      function (r) {
        return r.text().then(function (text) {
          return { status: r.status, text: text };
        });
      },
    );
    answer.catch(function () {});
    window.__earlyWallet = { at: Date.now(), headers: headers, answer: answer };
  } catch {
    // Storage refused: the app asks for the wallet itself.
  }
})();
