// Applies the stored colour scheme before first paint (an external file: the CSP forbids inline scripts).
(function () {
  var scheme = 'dark';
  try {
    if (window.localStorage.getItem('theme') === 'light') scheme = 'light';
  } catch (e) {
    // Storage may be blocked; keep the default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
