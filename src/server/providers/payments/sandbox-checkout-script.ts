// The sandbox's browser script, served same-origin as /api/v1/payments/sandbox/checkout.js. It exposes
// `window.Razorpay` with Razorpay Checkout's client interface (new Razorpay(options), open(), close(),
// on('payment.failed'), options.handler, options.modal.ondismiss) and offers Card (test cards) or UPI: a
// UPI ID starts a collect request that the customer approves in the sandbox UPI app (their UPI app's
// stand-in); the window waits with a countdown and polls, and the order goes through even if the window
// or the whole app is closed meanwhile (docs/product.md#upi-payments). It injects no inline scripts or
// style attributes in markup (the CSP is strict): styles are set through the CSSOM.
export const SANDBOX_CHECKOUT_JS = String.raw`/* Sandbox payment checkout: Razorpay's client interface, local test cards. */
(function () {
  'use strict';
  var PAY_URL = '/api/v1/payments/sandbox/pay';
  var UPI_URL = '/api/v1/payments/sandbox/upi';
  var UPI_APP_URL = '/api/v1/payments/sandbox/upi-app';
  var VPA = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
  var POLL_MS = 2000;
  var SUCCESS_CARD = '4111 1111 1111 1111';
  var FAILURE_CARD = '4000 0000 0000 0002';

  function readCookie(name) {
    var parts = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf('=');
      if (parts[i].slice(0, eq) === name) return decodeURIComponent(parts[i].slice(eq + 1));
    }
    return '';
  }

  function el(tag, style, props) {
    var node = document.createElement(tag);
    if (style) for (var k in style) node.style[k] = style[k];
    if (props) for (var p in props) {
      if (p === 'text') node.textContent = props[p];
      else if (p.indexOf('aria-') === 0 || p === 'role' || p === 'for' || p === 'autocomplete' || p === 'inputmode')
        node.setAttribute(p, props[p]);
      else node[p] = props[p];
    }
    return node;
  }

  // The storefront's rule (src/shared/money.ts): whole rupees without decimals, else both paise digits.
  function money(paise, currency) {
    var digits = paise % 100 ? 2 : 0;
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(paise / 100);
    } catch (e) {
      return '₹' + (paise / 100).toFixed(digits);
    }
  }

  var uid = 0;
  function field(label, props) {
    var id = 'rzp-sandbox-' + props.name + '-' + (++uid);
    var wrap = el('div', { display: 'flex', flexDirection: 'column', gap: '4px', flex: '1 1 0', minWidth: '0' });
    wrap.appendChild(el('label', { fontSize: '13px', fontWeight: '600' }, { text: label, htmlFor: id }));
    props.id = id;
    var input = el('input', {
      font: 'inherit', fontSize: '16px', padding: '10px 12px', border: '1px solid #b8b8c0',
      borderRadius: '8px', color: '#1b1b1f', background: '#fff', width: '100%', boxSizing: 'border-box'
    }, props);
    wrap.appendChild(input);
    return { wrap: wrap, input: input };
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: options.key is required');
    if (!options.order_id) throw new Error('Razorpay: options.order_id is required');
    this.options = options;
    this.handlers = {};
    this.overlay = null;
    this.busy = false;
  }

  Razorpay.prototype.on = function (event, cb) {
    (this.handlers[event] = this.handlers[event] || []).push(cb);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    var list = this.handlers[event] || [];
    for (var i = 0; i < list.length; i++) {
      try { list[i](payload); } catch (e) { setTimeout(function () { throw e; }); }
    }
  };

  Razorpay.prototype.close = function () {
    if (this.stopWaiting) this.stopWaiting();
    if (!this.overlay) return;
    document.removeEventListener('keydown', this.onKey, true);
    this.overlay.remove();
    this.overlay = null;
    if (this.returnFocus && this.returnFocus.focus) this.returnFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    if (this.busy || !this.overlay) return;
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    if (this.overlay) return;
    var self = this;
    var o = this.options;
    var amount = Number(o.amount) || 0;
    var prefill = o.prefill || {};
    this.returnFocus = document.activeElement;

    var overlay = el('div', {
      position: 'fixed', inset: '0', background: 'rgba(10, 10, 20, 0.6)', display: 'flex',
      alignItems: 'center', justifyContent: 'center', zIndex: '2147483000', padding: '16px',
      fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif', color: '#1b1b1f'
    });
    var dialog = el('div', {
      background: '#fff', borderRadius: '12px', width: '100%', maxWidth: '420px', maxHeight: '100%',
      overflowY: 'auto', boxShadow: '0 12px 40px rgba(0,0,0,0.35)', boxSizing: 'border-box'
    }, { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rzp-sandbox-title' });
    dialog.className = 'rzp-sandbox';

    var head = el('div', {
      background: '#1b1b1f', color: '#fff', padding: '16px 20px', borderRadius: '12px 12px 0 0',
      display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '12px'
    });
    var titles = el('div');
    titles.appendChild(el('h2', { margin: '0', fontSize: '18px' }, { id: 'rzp-sandbox-title', text: o.name || 'Payment' }));
    if (o.description) titles.appendChild(el('p', { margin: '4px 0 0', fontSize: '13px', opacity: '0.8' }, { text: o.description }));
    titles.appendChild(el('p', { margin: '8px 0 0', fontSize: '22px', fontWeight: '700' }, { text: money(amount, o.currency) }));
    var closeBtn = el('button', {
      background: 'transparent', border: '0', color: '#fff', fontSize: '24px', lineHeight: '1',
      cursor: 'pointer', padding: '4px 8px', borderRadius: '6px'
    }, { type: 'button', 'aria-label': 'Close payment', text: '×' });
    closeBtn.addEventListener('click', function () { self.dismiss(); });
    head.appendChild(titles);
    head.appendChild(closeBtn);

    var body = el('form', { padding: '16px 20px 20px', display: 'flex', flexDirection: 'column', gap: '12px' }, { noValidate: true });
    body.setAttribute('aria-label', 'Card details');
    var note = el('p', {
      margin: '0', fontSize: '13px', background: '#fff7d1', border: '1px solid #e8d679',
      borderRadius: '8px', padding: '8px 10px'
    });
    note.appendChild(el('strong', null, { text: 'Sandbox test mode. ' }));
    note.appendChild(document.createTextNode('Success card ' + SUCCESS_CARD + ', failure card ' + FAILURE_CARD + '; any future expiry and any CVV.'));
    body.appendChild(note);

    var card = field('Card number', { name: 'card', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '4111 1111 1111 1111', required: true });
    var row = el('div', { display: 'flex', gap: '12px' });
    var expiry = field('Expiry (MM/YY)', { name: 'expiry', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', required: true });
    var cvv = field('CVV', { name: 'cvv', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', required: true, type: 'password', maxLength: 4 });
    row.appendChild(expiry.wrap);
    row.appendChild(cvv.wrap);
    var holder = field('Name on card', { name: 'holder', autocomplete: 'cc-name', value: prefill.name || '' });
    body.appendChild(card.wrap);
    body.appendChild(row);
    body.appendChild(holder.wrap);

    var error = el('p', { margin: '0', color: '#b00020', fontSize: '14px', minHeight: '1em' }, { role: 'alert' });
    body.appendChild(error);
    var payBtn = el('button', {
      background: (o.theme && o.theme.color) || '#fed501', color: '#1b1b1f', border: '0', borderRadius: '8px',
      padding: '12px 16px', fontSize: '16px', fontWeight: '700', cursor: 'pointer'
    }, { type: 'submit', text: 'Pay ' + money(amount, o.currency) });
    body.appendChild(payBtn);

    body.addEventListener('submit', function (ev) {
      ev.preventDefault();
      if (self.busy) return;
      var digits = card.input.value.replace(/\D/g, '');
      var exp = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry.input.value);
      if (digits.length < 12 || digits.length > 19) return fail('Enter a valid card number.', card.input);
      if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12) return fail('Enter the expiry as MM/YY.', expiry.input);
      var now = new Date();
      var yy = 2000 + Number(exp[2]);
      if (yy < now.getFullYear() || (yy === now.getFullYear() && Number(exp[1]) < now.getMonth() + 1))
        return fail('This card has expired.', expiry.input);
      if (!/^\d{3,4}$/.test(cvv.input.value)) return fail('Enter the 3 or 4 digit CVV.', cvv.input);
      error.textContent = '';
      self.busy = true;
      payBtn.disabled = true;
      payBtn.textContent = 'Processing…';
      fetch(PAY_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'X-CSRFTOKEN': readCookie('csrftoken') },
        body: JSON.stringify({ order_id: o.order_id, card_number: digits, expiry: exp[1] + '/' + exp[2], cvv: cvv.input.value, name: holder.input.value })
      }).then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (data) { return { ok: res.ok, data: data }; });
      }).then(function (r) {
        self.busy = false;
        payBtn.disabled = false;
        payBtn.textContent = 'Pay ' + money(amount, o.currency);
        if (r.ok && r.data.razorpay_payment_id) {
          self.close();
          if (typeof o.handler === 'function') o.handler({
            razorpay_payment_id: r.data.razorpay_payment_id,
            razorpay_order_id: r.data.razorpay_order_id,
            razorpay_signature: r.data.razorpay_signature
          });
          return;
        }
        if (r.data && r.data.error) {
          error.textContent = r.data.error.description || 'Payment failed.';
          self.emit('payment.failed', { error: r.data.error });
          return;
        }
        error.textContent = (r.data && r.data.message) || 'Payment could not be processed. Try again.';
      }, function () {
        self.busy = false;
        payBtn.disabled = false;
        payBtn.textContent = 'Pay ' + money(amount, o.currency);
        error.textContent = 'Network error: check your connection and try again.';
      });
    });

    function fail(message, input) {
      error.textContent = message;
      input.focus();
    }

    // ---- Pay by: Card or UPI
    var methods = el('fieldset', { border: '0', margin: '0', padding: '16px 20px 0', display: 'flex', gap: '8px' });
    methods.appendChild(el('legend', { fontSize: '13px', fontWeight: '600', padding: '0', marginBottom: '8px', float: 'left', width: '100%' }, { text: 'Pay by' }));
    var group = 'rzp-sandbox-method-' + (++uid);
    function methodChoice(value, label, checked) {
      var id = group + '-' + value;
      var wrap = el('div', { display: 'flex', alignItems: 'center', gap: '6px', border: '1px solid #b8b8c0', borderRadius: '8px', padding: '8px 12px', minHeight: '44px', boxSizing: 'border-box' });
      var radio = el('input', { width: '18px', height: '18px', margin: '0' }, { type: 'radio', name: group, value: value, id: id, checked: checked });
      wrap.appendChild(radio);
      wrap.appendChild(el('label', { fontSize: '15px', fontWeight: '600', cursor: 'pointer' }, { text: label, htmlFor: id }));
      methods.appendChild(wrap);
      return radio;
    }
    var byCard = methodChoice('card', 'Card', true);
    var byUpi = methodChoice('upi', 'UPI', false);

    var upiForm = el('form', { padding: '16px 20px 20px', display: 'flex', flexDirection: 'column', gap: '12px' }, { noValidate: true });
    upiForm.setAttribute('aria-label', 'UPI');
    var upiNote = el('p', {
      margin: '0', fontSize: '13px', background: '#fff7d1', border: '1px solid #e8d679',
      borderRadius: '8px', padding: '8px 10px'
    });
    upiNote.appendChild(el('strong', null, { text: 'Sandbox test mode. ' }));
    upiNote.appendChild(document.createTextNode('Any UPI ID such as name@okhdfc works. Approve or decline the request in the '));
    var appLink = el('a', { color: '#1b1b1f', fontWeight: '600' }, { href: UPI_APP_URL, target: '_blank', rel: 'noopener', text: 'sandbox UPI app' });
    upiNote.appendChild(appLink);
    upiNote.appendChild(document.createTextNode(', which stands in for your UPI app.'));
    upiForm.appendChild(upiNote);
    var vpa = field('UPI ID', { name: 'vpa', autocomplete: 'off', inputmode: 'email', placeholder: 'name@okhdfc', type: 'text', spellcheck: false, autocapitalize: 'none' });
    upiForm.appendChild(vpa.wrap);
    var upiError = el('p', { margin: '0', color: '#b00020', fontSize: '14px', minHeight: '1em' }, { role: 'alert' });
    upiForm.appendChild(upiError);
    var upiBtn = el('button', {
      background: (o.theme && o.theme.color) || '#fed501', color: '#1b1b1f', border: '0', borderRadius: '8px',
      padding: '12px 16px', fontSize: '16px', fontWeight: '700', cursor: 'pointer'
    }, { type: 'submit', text: 'Pay ' + money(amount, o.currency) });
    upiForm.appendChild(upiBtn);

    // ---- Waiting for the customer's approval in their UPI app
    var wait = el('div', { padding: '16px 20px 20px', display: 'flex', flexDirection: 'column', gap: '10px' });
    var waitTitle = el('h3', { margin: '0', fontSize: '18px' }, { id: 'rzp-sandbox-upi-wait', tabIndex: -1, text: 'Approve ' + money(amount, o.currency) + ' in your UPI app' });
    var waitText = el('p', { margin: '0', fontSize: '14px' });
    var waitTimer = el('p', { margin: '0', fontSize: '15px', fontWeight: '700' }, { role: 'timer', 'aria-live': 'off' });
    var waitStatus = el('p', { margin: '0', fontSize: '14px' }, { role: 'status' });
    var waitApp = el('a', { color: '#1b1b1f', fontWeight: '600' }, { href: UPI_APP_URL, target: '_blank', rel: 'noopener', text: 'Open the sandbox UPI app' });
    var otherWay = el('button', {
      background: '#fff', color: '#1b1b1f', border: '1px solid #1b1b1f', borderRadius: '8px',
      padding: '10px 14px', fontSize: '15px', fontWeight: '600', cursor: 'pointer', minHeight: '44px'
    }, { type: 'button', text: 'Pay another way' });
    wait.appendChild(waitTitle);
    wait.appendChild(waitText);
    wait.appendChild(waitTimer);
    wait.appendChild(waitStatus);
    wait.appendChild(waitApp);
    wait.appendChild(otherWay);
    wait.setAttribute('role', 'region');
    wait.setAttribute('aria-labelledby', 'rzp-sandbox-upi-wait');
    toggle(upiForm, false);
    toggle(wait, false);

    // Inline display (set through the CSSOM) would outrank the hidden attribute: both change together.
    function toggle(node, on) {
      node.hidden = !on;
      node.style.display = on ? 'flex' : 'none';
    }
    function showMethod() {
      toggle(body, byCard.checked);
      toggle(upiForm, byUpi.checked);
      toggle(wait, false);
      toggle(methods, true);
    }
    byCard.addEventListener('change', showMethod);
    byUpi.addEventListener('change', showMethod);

    var pollTimer = null, tickTimer = null;
    self.stopWaiting = function () {
      if (pollTimer) clearInterval(pollTimer);
      if (tickTimer) clearInterval(tickTimer);
      pollTimer = tickTimer = null;
    };

    function upiFailed(description) {
      self.stopWaiting();
      byUpi.checked = true;
      showMethod();
      upiError.textContent = description;
      self.emit('payment.failed', { error: { code: 'BAD_REQUEST_ERROR', description: description, source: 'customer', step: 'payment_authentication', reason: 'payment_failed' } });
      vpa.input.focus();
    }

    function poll(paymentId) {
      fetch(UPI_URL + '/' + encodeURIComponent(paymentId), { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(function (res) { return res.json(); })
        .then(function (r) {
          if (!self.overlay || !pollTimer) return;
          if (r.status === 'captured') {
            self.stopWaiting();
            self.close();
            if (typeof o.handler === 'function') o.handler({
              razorpay_payment_id: r.razorpay_payment_id,
              razorpay_order_id: r.razorpay_order_id,
              razorpay_signature: r.razorpay_signature
            });
          } else if (r.status === 'failed') {
            upiFailed(r.description || 'The UPI request was not approved. No money was taken.');
          }
        }, function () { /* offline for a moment: the next poll asks again */ });
    }

    function waitFor(started, shownVpa) {
      toggle(methods, false);
      toggle(upiForm, false);
      toggle(body, false);
      toggle(wait, true);
      waitText.textContent = 'We sent a payment request to ' + shownVpa + '. Open your UPI app and approve it. You can close this window or the app: your order goes through once you approve.';
      waitStatus.textContent = 'Waiting for you to approve in your UPI app.';
      waitApp.href = started.upi_app_url || (UPI_APP_URL + '?vpa=' + encodeURIComponent(shownVpa));
      var ends = Date.parse(started.expires_at);
      function tick() {
        var s = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
        waitTimer.textContent = 'Expires in ' + Math.floor(s / 60) + ':' + (s % 60 < 10 ? '0' : '') + (s % 60);
        if (s === 0) poll(started.razorpay_payment_id);
      }
      tick();
      tickTimer = setInterval(tick, 1000);
      pollTimer = setInterval(function () { poll(started.razorpay_payment_id); }, POLL_MS);
      waitTitle.focus();
    }

    otherWay.addEventListener('click', function () {
      // The request stays in the UPI app until it expires; paying another way first makes it unpayable.
      self.stopWaiting();
      showMethod();
      byCard.focus();
    });

    upiForm.addEventListener('submit', function (ev) {
      ev.preventDefault();
      if (self.busy) return;
      var v = vpa.input.value.trim().toLowerCase();
      if (!VPA.test(v)) {
        upiError.textContent = 'Enter a valid UPI ID, such as name@okhdfc.';
        vpa.input.setAttribute('aria-invalid', 'true');
        vpa.input.focus();
        return;
      }
      vpa.input.removeAttribute('aria-invalid');
      upiError.textContent = '';
      self.busy = true;
      upiBtn.disabled = true;
      upiBtn.textContent = 'Sending request…';
      fetch(UPI_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'X-CSRFTOKEN': readCookie('csrftoken') },
        body: JSON.stringify({ order_id: o.order_id, vpa: v })
      }).then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (data) { return { ok: res.ok, data: data }; });
      }).then(function (r) {
        self.busy = false;
        upiBtn.disabled = false;
        upiBtn.textContent = 'Pay ' + money(amount, o.currency);
        if (r.ok && r.data.razorpay_payment_id) return waitFor(r.data, v);
        upiError.textContent = (r.data && r.data.message) || 'The UPI request could not be sent. Try again.';
        vpa.input.focus();
      }, function () {
        self.busy = false;
        upiBtn.disabled = false;
        upiBtn.textContent = 'Pay ' + money(amount, o.currency);
        upiError.textContent = 'Network error: check your connection and try again.';
      });
    });

    this.onKey = function (ev) {
      if (ev.key === 'Escape') { ev.preventDefault(); self.dismiss(); return; }
      if (ev.key !== 'Tab') return;
      var all = dialog.querySelectorAll('button, input, a[href]');
      var focusables = [];
      for (var i = 0; i < all.length; i++) if (all[i].offsetParent !== null && !all[i].disabled) focusables.push(all[i]);
      if (!focusables.length) return;
      var first = focusables[0];
      var last = focusables[focusables.length - 1];
      if (ev.shiftKey && document.activeElement === first) { ev.preventDefault(); last.focus(); }
      else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', this.onKey, true);

    dialog.appendChild(head);
    dialog.appendChild(methods);
    dialog.appendChild(body);
    dialog.appendChild(upiForm);
    dialog.appendChild(wait);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    this.overlay = overlay;
    card.input.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
