// Live previews of a card for any form that names its preview URL in data-previews: on input
// (debounced), the form's values are sent to that URL and the answer replaces #previews. The
// colours arrive as data-* attributes and are set through the style API, which the page's
// Content-Security-Policy allows (it forbids inline styles from fetched markup).
(function () {
  'use strict';

  function colours(root) {
    root.querySelectorAll('[data-bg]').forEach(function (el) {
      ['bg', 'fg', 'label'].forEach(function (name) {
        var value = el.getAttribute('data-' + name);
        if (value) {
          el.style.setProperty('--pv-' + name, value);
        }
      });
    });
  }

  function contrast(target) {
    var slot = document.getElementById('contrast');
    var source = target.querySelector('template.pv-contrast');
    if (slot && source) {
      slot.replaceChildren(source.content.cloneNode(true));
    }
  }

  function counts(form) {
    form.querySelectorAll('[data-count]').forEach(function (field) {
      var out = document.getElementById(field.getAttribute('data-count'));
      if (out) {
        var max = field.getAttribute('maxlength');
        out.textContent = out.textContent.replace(/\d+/, String(field.value.length)).replace(/\d+(?!.*\d)/, max);
      }
    });
  }

  function pickers(form) {
    form.querySelectorAll('input[type=color][data-for]').forEach(function (picker) {
      var text = document.getElementById(picker.getAttribute('data-for'));
      if (!text) {
        return;
      }
      picker.addEventListener('input', function () {
        text.value = picker.value.toUpperCase();
      });
      text.addEventListener('input', function () {
        if (/^#[0-9A-Fa-f]{6}$/.test(text.value)) {
          picker.value = text.value.toLowerCase();
        }
      });
    });
  }

  function live(form) {
    var target = document.getElementById('previews');
    var url = form.getAttribute('data-previews');
    if (!target || !url) {
      return;
    }
    var timer = null;
    var pending = null;
    function refresh() {
      var params = new URLSearchParams();
      new FormData(form).forEach(function (value, name) {
        if (name !== '_csrf' && typeof value === 'string') {
          params.append(name, value);
        }
      });
      if (pending) {
        pending.abort();
      }
      pending = new AbortController();
      fetch(url + (url.indexOf('?') < 0 ? '?' : '&') + params.toString(), {
        credentials: 'same-origin',
        headers: { Accept: 'text/html' },
        signal: pending.signal
      }).then(function (response) {
        return response.ok ? response.text() : null;
      }).then(function (html) {
        if (html === null) {
          return;
        }
        target.innerHTML = html;
        colours(target);
        contrast(target);
        target.setAttribute('data-refreshed', String(Date.now()));
      }).catch(function () {
        // A newer input aborted this request, or the network failed: the last previews stay.
      });
    }
    form.addEventListener('input', function () {
      counts(form);
      clearTimeout(timer);
      timer = setTimeout(refresh, 250);
    });
    pickers(form);
  }

  colours(document);
  document.querySelectorAll('form[data-previews]').forEach(live);
})();
