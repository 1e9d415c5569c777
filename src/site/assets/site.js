// The website's one script, an enhancement only: every page works without it (src/site/assets.ts serves it).
// "Copy link" buttons: rendered hidden, shown only where the clipboard can be written. The share form
// (src/site/share-form.tsx): where the clipboard can be written, posted with fetch instead of by the
// browser; the link it was sent to (the 303's target) is copied and shown. Without that, the form
// posts and the browser follows the 303 to the new link's page.
(function () {
  if (!navigator.clipboard) return;
  document.querySelectorAll('button[data-copy]').forEach(function (b) {
    b.hidden = false;
    b.addEventListener('click', function () {
      var u = new URL(b.getAttribute('data-copy'), location.href).href;
      navigator.clipboard.writeText(u).then(function () {
        var s = document.getElementById(b.getAttribute('data-status') || '');
        if (s) s.textContent = 'Skopiowano link.';
      });
    });
  });
  document.querySelectorAll('form[data-share]').forEach(function (f) {
    f.addEventListener('submit', function (e) {
      if (!window.fetch || !window.URLSearchParams) return;
      e.preventDefault();
      var s = document.getElementById('share-status'),
        d = new URLSearchParams(),
        b = e.submitter;
      if (b && b.name) d.append(b.name, b.value);
      s.textContent = 'Tworzę link…';
      fetch(f.action, { method: 'POST', body: d, credentials: 'same-origin' })
        .then(function (r) {
          if (!r.ok || !r.redirected) throw new Error(String(r.status));
          var a = document.createElement('a');
          a.href = r.url;
          a.textContent = r.url;
          s.textContent = '';
          s.appendChild(a);
          return navigator.clipboard.writeText(r.url).then(
            function () {
              s.appendChild(document.createTextNode(' (skopiowano)'));
            },
            function () {},
          );
        })
        .catch(function () {
          s.textContent = 'Nie udało się utworzyć linku. Spróbuj ponownie.';
        });
    });
  });
})();
