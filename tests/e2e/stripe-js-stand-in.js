// A stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js), served by checkout.spec in place of the real
// script, which this environment cannot reach. It offers what the subscribe dialog uses, with Stripe.js's names
// and result shapes: Stripe(key).elements().create('card'), the element's mount/on/off/destroy, getElement, and
// confirmCardPayment / confirmCardSetup. The card is three fields and a ZIP instead of Stripe's iframe; confirming
// sends what Stripe.js sends to https://api.stripe.com (the publishable key, the client secret and the card, here
// as Stripe's test token for the test card typed), which the spec forwards to the fake Stripe server. The fake,
// not this file, decides whether the card works (decision record 018).
(function () {
  var testCards = { '4242424242424242': 'tok_visa', '5555555555554444': 'tok_mastercard', '4000000000000002': 'tok_chargeDeclined' };

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return digits.length >= 13 && sum % 10 === 0;
  }

  function expiryValid(text) {
    var match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) return false;
    var now = new Date();
    var year = 2000 + Number(match[2]);
    return year > now.getFullYear() || (year === now.getFullYear() && Number(match[1]) >= now.getMonth() + 1);
  }

  function createCard(group, options) {
    var handlers = {};
    var fields = {};
    var wrap = null;
    var hidePostalCode = Boolean(options && options.hidePostalCode);
    function emit(type, event) {
      (handlers[type] || []).slice().forEach(function (handler) { handler(event); });
    }
    function values() {
      return {
        number: (fields.number ? fields.number.value : '').replace(/\s+/g, ''),
        expiry: fields.expiry ? fields.expiry.value : '',
        cvc: fields.cvc ? fields.cvc.value : '',
        postalCode: fields.postalCode ? fields.postalCode.value.trim() : '',
      };
    }
    function changed() {
      var v = values();
      var complete = luhn(v.number) && expiryValid(v.expiry) && /^\d{3,4}$/.test(v.cvc) && (hidePostalCode || v.postalCode.length > 0);
      emit('change', { elementType: 'card', empty: !v.number && !v.expiry && !v.cvc, complete: complete, error: undefined, brand: v.number[0] === '4' ? 'visa' : 'unknown', value: { postalCode: v.postalCode } });
    }
    function field(name, label, autocomplete) {
      var input = document.createElement('input');
      input.setAttribute('aria-label', label);
      input.setAttribute('autocomplete', autocomplete);
      input.setAttribute('inputmode', name === 'postalCode' ? 'text' : 'numeric');
      input.addEventListener('input', changed);
      fields[name] = input;
      wrap.appendChild(input);
    }
    var element = {
      mount: function (node) {
        var target = typeof node === 'string' ? document.querySelector(node) : node;
        if (!target) throw new Error('The selector you specified (' + node + ') applies to no DOM elements that are currently on the page.');
        wrap = document.createElement('div');
        wrap.setAttribute('data-stripe-stand-in', 'card');
        wrap.style.display = 'flex';
        wrap.style.gap = '8px';
        field('number', 'Card number', 'cc-number');
        field('expiry', 'Expiration date MM / YY', 'cc-exp');
        field('cvc', 'Security code', 'cc-csc');
        if (!hidePostalCode) field('postalCode', 'ZIP', 'postal-code');
        target.appendChild(wrap);
        setTimeout(function () { emit('ready', { elementType: 'card' }); }, 0);
      },
      on: function (type, handler) {
        (handlers[type] = handlers[type] || []).push(handler);
        return element;
      },
      off: function (type, handler) {
        handlers[type] = (handlers[type] || []).filter(function (h) { return h !== handler; });
        return element;
      },
      update: function () {},
      focus: function () { if (fields.number) fields.number.focus(); },
      blur: function () {},
      clear: function () { Object.keys(fields).forEach(function (name) { fields[name].value = ''; }); changed(); },
      unmount: function () { if (wrap && wrap.parentNode) wrap.parentNode.removeChild(wrap); },
      destroy: function () {
        element.unmount();
        if (group.card === element) delete group.card;
      },
      _standInValues: values,
    };
    return element;
  }

  function Stripe(key) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) throw new Error('Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    function confirm(kind, secret, data) {
      var card = data && data.payment_method && data.payment_method.card;
      if (!card || typeof card._standInValues !== 'function') {
        return Promise.resolve({ error: { type: 'validation_error', message: 'Missing value for payment_method.card: a card Element is required.' } });
      }
      var number = card._standInValues().number;
      var token = testCards[number];
      // Stripe.js refuses a number Stripe cannot accept before calling the API; only its test cards work in test mode.
      if (!token) return Promise.resolve({ error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
      var body = new URLSearchParams({
        'payment_method_data[type]': 'card',
        'payment_method_data[card][token]': token,
        expected_payment_method_type: 'card',
        use_stripe_sdk: 'true',
        key: key,
        client_secret: secret,
      });
      var id = String(secret).split('_secret_')[0];
      return fetch('https://api.stripe.com/v1/' + kind + '/' + encodeURIComponent(id) + '/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      })
        .then(function (res) { return res.json(); })
        .then(function (json) {
          if (json.error) return { error: json.error };
          return kind === 'payment_intents' ? { paymentIntent: json } : { setupIntent: json };
        });
    }
    function notInStandIn(name) {
      return function () { return Promise.reject(new Error(name + ' is not part of the Stripe.js stand-in')); };
    }
    return {
      elements: function (options) {
        var group = {};
        return {
          create: function (type, createOptions) {
            if (type !== 'card') throw new Error('The Stripe.js stand-in only has the card Element, not ' + type + '.');
            if (group.card) throw new Error('Can only create one Element of type card.');
            group.card = createCard(group, createOptions);
            return group.card;
          },
          getElement: function (type) {
            var name = typeof type === 'string' ? type : type && type.__elementType;
            return group[name] || null;
          },
          update: function () {},
          _options: options,
        };
      },
      confirmCardPayment: function (secret, data) { return confirm('payment_intents', secret, data); },
      confirmCardSetup: function (secret, data) { return confirm('setup_intents', secret, data); },
      createToken: notInStandIn('createToken'),
      createPaymentMethod: notInStandIn('createPaymentMethod'),
      _registerWrapper: function () {},
      registerAppInfo: function () {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
