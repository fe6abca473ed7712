// The progress page of "invite every recipient whose card is ready": polls the run's figures once a
// second and shows them; when the run has ended, reloads the page, which then says how it ended.
(function () {
  'use strict';
  var main = document.getElementById('main');
  if (!main || main.getAttribute('data-state') !== 'running') {
    return;
  }
  var url = main.getAttribute('data-progress');
  var language = document.documentElement.lang || undefined;
  function number(n) {
    return Number(n).toLocaleString(language);
  }
  function set(id, text) {
    var element = document.getElementById(id);
    if (element) {
      element.textContent = text;
    }
  }
  function show(run) {
    var bar = document.getElementById('run-progress');
    bar.max = run.total === 0 ? 1 : run.total;
    bar.value = run.total === 0 ? 1 : run.invited;
    bar.textContent = run.percent + ' %';
    var of = document.getElementById('run-of');
    of.textContent = of.getAttribute('data-pattern')
      .replace('{0}', number(run.invited))
      .replace('{1}', number(run.total));
    set('count-invited', number(run.invited));
    set('count-sent', number(run.emailsSent));
    set('count-failed', number(run.emailsFailed));
  }
  function poll() {
    fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.json();
      })
      .then(function (run) {
        show(run);
        if (run.state === 'running') {
          setTimeout(poll, 1000);
        } else {
          window.location.reload();
        }
      })
      .catch(function () {
        setTimeout(poll, 3000);
      });
  }
  setTimeout(poll, 500);
})();
