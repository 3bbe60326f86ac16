// The sandbox's browser script, served same-origin as /api/v1/payments/sandbox/checkout.js. It exposes
// `window.Razorpay` with Razorpay Checkout's client interface (new Razorpay(options), open(), close(),
// on('payment.failed'), options.handler, options.modal.ondismiss) and shows a test card form. It injects
// no inline scripts or style attributes in markup (the CSP is strict): styles are set through the CSSOM.
export const SANDBOX_CHECKOUT_JS = String.raw`/* Sandbox payment checkout: Razorpay's client interface, local test cards. */
(function () {
  'use strict';
  var PAY_URL = '/api/v1/payments/sandbox/pay';
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

  function money(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR', maximumFractionDigits: 2, minimumFractionDigits: paise % 100 ? 2 : 0 }).format(paise / 100);
    } catch (e) {
      return '₹' + (paise / 100);
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

    this.onKey = function (ev) {
      if (ev.key === 'Escape') { ev.preventDefault(); self.dismiss(); return; }
      if (ev.key !== 'Tab') return;
      var focusables = dialog.querySelectorAll('button, input');
      var first = focusables[0];
      var last = focusables[focusables.length - 1];
      if (ev.shiftKey && document.activeElement === first) { ev.preventDefault(); last.focus(); }
      else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', this.onKey, true);

    dialog.appendChild(head);
    dialog.appendChild(body);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    this.overlay = overlay;
    card.input.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
