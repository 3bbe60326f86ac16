// The sandbox UPI app: a page at /api/v1/payments/sandbox/upi-app that stands in for the customer's
// UPI app while payments use the local sandbox (docs/product.md#upi-payments). It lists the collect
// requests waiting for a UPI ID and approves or declines them. Its own page, script and stylesheet
// (the CSP allows no inline code), no storefront code, usable by keyboard and screen reader.
export const SANDBOX_UPI_APP_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox UPI app</title>
<link rel="stylesheet" href="/api/v1/payments/sandbox/upi-app.css">
<script src="/api/v1/payments/sandbox/upi-app.js" defer></script>
</head>
<body>
<main>
<h1>Sandbox UPI app</h1>
<p class="note"><strong>Sandbox test mode.</strong> This page stands in for your UPI app (BHIM, Google Pay, PhonePe) while payments use the local sandbox. No money moves.</p>
<form id="lookup" novalidate>
<label for="vpa">Your UPI ID</label>
<div class="row">
<input id="vpa" name="vpa" type="text" inputmode="email" autocomplete="off" autocapitalize="none" spellcheck="false" placeholder="name@okhdfc" aria-describedby="vpa-error">
<button type="submit">Show requests</button>
</div>
<p id="vpa-error" class="error" role="alert"></p>
</form>
<section aria-labelledby="requests-title">
<h2 id="requests-title">Payment requests</h2>
<p id="status" role="status"></p>
<ul id="requests"></ul>
</section>
</main>
</body>
</html>
`;

export const SANDBOX_UPI_APP_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b1b1f;background:#f4f4f6}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:22px;margin:8px 0 12px}
h2{font-size:18px;margin:20px 0 8px}
.note{font-size:14px;background:#fff7d1;border:1px solid #e8d679;border-radius:8px;padding:8px 10px}
label{display:block;font-weight:600;margin:12px 0 4px}
.row{display:flex;gap:8px}
input{flex:1 1 auto;min-width:0;font:inherit;font-size:16px;padding:10px 12px;border:1px solid #8a8a94;border-radius:8px}
button{font:inherit;font-size:16px;font-weight:700;padding:10px 14px;border-radius:8px;border:1px solid #1b1b1f;background:#fff;color:#1b1b1f;cursor:pointer;min-height:44px}
button.approve{background:#1b7f3b;border-color:#1b7f3b;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #2b59c3;outline-offset:2px}
button:disabled{opacity:.6;cursor:default}
.error{color:#b00020;min-height:1em;margin:6px 0 0}
ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
li{background:#fff;border:1px solid #d6d6de;border-radius:12px;padding:14px}
li p{margin:0 0 8px}
.amount{font-size:22px;font-weight:700}
.actions{display:flex;gap:8px;flex-wrap:wrap}
`;

export const SANDBOX_UPI_APP_JS = String.raw`/* Sandbox UPI app: approve or decline the collect requests waiting for a UPI ID. */
(function () {
  'use strict';
  var BASE = '/api/v1/payments/sandbox/upi-app';
  var VPA = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
  var form, input, error, status, list, current = '', timer = null, busy = false;

  function readCookie(name) {
    var parts = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf('=');
      if (parts[i].slice(0, eq) === name) return decodeURIComponent(parts[i].slice(eq + 1));
    }
    return '';
  }

  function money(paise, currency) {
    var digits = paise % 100 ? 2 : 0;
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(paise / 100);
    } catch (e) {
      return '₹' + (paise / 100).toFixed(digits);
    }
  }

  function left(iso) {
    var s = Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000));
    return Math.floor(s / 60) + ':' + (s % 60 < 10 ? '0' : '') + (s % 60);
  }

  function call(method, url, body, retried) {
    return fetch(url, {
      method: method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'X-CSRFTOKEN': readCookie('csrftoken') },
      body: body ? JSON.stringify(body) : undefined
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (data) {
        // A first visit has no CSRF cookie yet: the refusal sets one, so ask once more.
        if (!retried && res.status === 403 && data.code === 'csrf_failed') return call(method, url, body, true);
        return { ok: res.ok, data: data };
      });
    });
  }

  function render(requests) {
    list.textContent = '';
    if (!requests.length) {
      status.textContent = 'No payment requests waiting for ' + current + '.';
      return;
    }
    status.textContent = requests.length === 1 ? '1 payment request waiting for ' + current + '.' : requests.length + ' payment requests waiting for ' + current + '.';
    requests.forEach(function (r) {
      var li = document.createElement('li');
      var amount = document.createElement('p');
      amount.className = 'amount';
      amount.textContent = money(r.amount, r.currency);
      var what = document.createElement('p');
      what.textContent = 'Requested by the storefront for order ' + r.order_number + '. Expires in ' + left(r.expires_at) + '.';
      var actions = document.createElement('div');
      actions.className = 'actions';
      var approve = document.createElement('button');
      approve.type = 'button';
      approve.className = 'approve';
      approve.textContent = 'Approve ' + money(r.amount, r.currency);
      var decline = document.createElement('button');
      decline.type = 'button';
      decline.textContent = 'Decline';
      decline.setAttribute('aria-label', 'Decline ' + money(r.amount, r.currency) + ' for order ' + r.order_number);
      approve.addEventListener('click', function () { answer('approve', r, approve, decline); });
      decline.addEventListener('click', function () { answer('decline', r, approve, decline); });
      actions.appendChild(approve);
      actions.appendChild(decline);
      li.appendChild(amount);
      li.appendChild(what);
      li.appendChild(actions);
      list.appendChild(li);
    });
  }

  function answer(kind, r, approve, decline) {
    if (busy) return;
    busy = true;
    approve.disabled = true;
    decline.disabled = true;
    call('POST', BASE + '/' + kind, { payment_id: r.payment_id }).then(function (res) {
      busy = false;
      if (res.ok) {
        status.textContent = kind === 'approve'
          ? 'Approved: ' + money(r.amount, r.currency) + ' paid for order ' + r.order_number + '.'
          : 'Declined: no money was taken for order ' + r.order_number + '.';
      } else {
        status.textContent = (res.data && res.data.message) || 'That did not work. Try again.';
      }
      load(false);
    }, function () {
      busy = false;
      approve.disabled = false;
      decline.disabled = false;
      status.textContent = 'Network error: check your connection and try again.';
    });
  }

  function load(announce) {
    if (!current || busy) return;
    call('GET', BASE + '/requests?vpa=' + encodeURIComponent(current)).then(function (res) {
      if (!res.ok) {
        error.textContent = (res.data && res.data.message) || 'Could not load your requests.';
        return;
      }
      var keep = status.textContent;
      render(res.data.requests || []);
      // A refresh in the background does not talk over the outcome of the last answer.
      if (!announce && /^(Approved|Declined|This)/.test(keep)) status.textContent = keep;
    }, function () {
      error.textContent = 'Network error: check your connection and try again.';
    });
  }

  function show(vpa) {
    var v = vpa.trim().toLowerCase();
    if (!VPA.test(v)) {
      error.textContent = 'Enter a valid UPI ID, such as name@okhdfc.';
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    current = v;
    load(true);
    if (timer) clearInterval(timer);
    // New requests appear by themselves, as they would in a UPI app.
    timer = setInterval(function () { if (document.visibilityState === 'visible') load(false); }, 3000);
  }

  document.addEventListener('DOMContentLoaded', function () {
    form = document.getElementById('lookup');
    input = document.getElementById('vpa');
    error = document.getElementById('vpa-error');
    status = document.getElementById('status');
    list = document.getElementById('requests');
    form.addEventListener('submit', function (ev) { ev.preventDefault(); show(input.value); });
    var given = new URLSearchParams(location.search).get('vpa');
    if (given) { input.value = given; show(given); }
  });
})();
`;
