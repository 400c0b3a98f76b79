/* global window, document */
// Runs before the first paint so a dark-mode visitor never sees a white page fade
// to dark (the body's colours animate for 1.5 s once the app has started).
(function () {
  var mode = null;
  try {
    mode = localStorage.getItem('theme');
  } catch {
    // Storage may be blocked; fall back to the system preference.
  }
  if (mode !== 'light' && mode !== 'dark') {
    var prefersDark =
      window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    mode = prefersDark ? 'dark' : 'light';
  }
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
})();
