// The notification composer: character counts and the lock-screen preview follow the header and
// the text as they are typed, and the date and time show only for a scheduled notification.
// Without this script the form works the same; the server counts and checks when it is sent.
(function () {
  'use strict';

  var form = document.querySelector('form[data-composer]');
  if (!form) {
    return;
  }

  function count(field) {
    var out = document.getElementById(field.getAttribute('data-count'));
    if (out) {
      var max = field.getAttribute('maxlength');
      out.textContent = out.textContent.replace(/\d+/, String(field.value.length)).replace(/\d+(?!.*\d)/, max);
    }
  }

  function mirror(field) {
    var target = document.getElementById(field.getAttribute('data-preview'));
    if (target) {
      var empty = !field.value.trim();
      target.textContent = empty ? target.getAttribute('data-empty') : field.value;
      target.classList.toggle('ls-placeholder', empty);
    }
  }

  function when() {
    var later = document.getElementById('when-later');
    var fields = document.getElementById('schedule-fields');
    if (later && fields) {
      fields.hidden = !later.checked;
    }
  }

  form.querySelectorAll('[data-count]').forEach(function (field) {
    field.addEventListener('input', function () {
      count(field);
      mirror(field);
    });
  });
  form.querySelectorAll('input[name=when]').forEach(function (choice) {
    choice.addEventListener('change', when);
  });
  when();
  form.setAttribute('data-live', 'true');
})();
