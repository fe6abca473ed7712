// CSV imports: the upload is sent with XMLHttpRequest so that its progress can be shown, and the
// status page asks for the import's progress every second and moves its bars. Without script the
// forms post as usual and the status page is reloaded by its link.
(function () {
  'use strict';

  function upload(form) {
    var bar = document.getElementById('upload-bar');
    var box = document.getElementById('upload-progress');
    var text = document.getElementById('upload-text');
    form.addEventListener('submit', function (event) {
      var input = form.querySelector('input[type=file]');
      if (!input || !input.files || input.files.length === 0 || !window.FormData) {
        return;
      }
      event.preventDefault();
      var button = form.querySelector('button[type=submit]');
      button.disabled = true;
      box.hidden = false;
      var xhr = new XMLHttpRequest();
      xhr.open('POST', form.action);
      xhr.upload.addEventListener('progress', function (e) {
        if (e.lengthComputable) {
          var percent = Math.floor((100 * e.loaded) / e.total);
          bar.value = percent;
          bar.textContent = percent + ' %';
          text.textContent = percent + ' %';
        }
      });
      xhr.addEventListener('load', function () {
        if (xhr.status < 400 && xhr.responseURL) {
          window.location.assign(xhr.responseURL);
          return;
        }
        // A refused file: the answer is the upload page with its problems.
        var answer = new DOMParser().parseFromString(xhr.responseText, 'text/html').getElementById('main');
        var main = document.getElementById('main');
        if (answer && main) {
          main.replaceWith(document.importNode(answer, true));
          start();
        } else {
          button.disabled = false;
        }
      });
      xhr.addEventListener('error', function () {
        button.disabled = false;
        text.textContent = '!';
      });
      xhr.send(new FormData(form));
    });
  }

  function starting(form) {
    form.addEventListener('submit', function () {
      var button = form.querySelector('button[type=submit]');
      if (button) {
        button.disabled = true;
      }
    });
  }

  function poll(main) {
    var url = main.getAttribute('data-progress');
    function set(id, value) {
      var el = document.getElementById(id);
      if (el) {
        el.textContent = value;
      }
    }
    function tick() {
      fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
        .then(function (r) {
          return r.ok ? r.json() : null;
        })
        .then(function (p) {
          if (!p) {
            window.setTimeout(tick, 3000);
            return;
          }
          var rows = document.getElementById('rows-bar');
          rows.max = Math.max(1, p.rowsTotal);
          rows.value = p.rowsDone;
          rows.textContent = p.rowsText;
          var cards = document.getElementById('cards-bar');
          cards.max = Math.max(1, p.recipients);
          cards.value = p.cardsIssued;
          cards.textContent = p.cardsText;
          set('rows-text', p.rowsText);
          set('cards-text', p.cardsText);
          set('import-status', p.statusText);
          var format = new Intl.NumberFormat(document.documentElement.lang || undefined);
          set('count-created', format.format(p.created));
          set('count-updated', format.format(p.updated));
          set('count-failed', format.format(p.failed));
          if (p.finished && !main.hasAttribute('data-finished')) {
            // The finished page lists the refused rows; it is loaded once.
            window.location.reload();
            return;
          }
          if (p.finished && p.cardsIssued >= p.recipients) {
            return;
          }
          window.setTimeout(tick, 1000);
        })
        .catch(function () {
          window.setTimeout(tick, 3000);
        });
    }
    window.setTimeout(tick, 500);
  }

  function start() {
    document.querySelectorAll('form[data-upload]').forEach(upload);
    document.querySelectorAll('form[data-start]').forEach(starting);
    var main = document.querySelector('main[data-progress]');
    if (main) {
      poll(main);
    }
  }

  start();
})();
