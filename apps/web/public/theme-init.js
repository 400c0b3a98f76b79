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
  // The browser's (and the installed app's) bar in the chosen theme's colour.
  var bars = document.querySelectorAll('meta[name="theme-color"]');
  for (var i = 0; i < bars.length; i++) {
    bars[i].setAttribute('content', mode === 'dark' ? '#121212' : '#4a51db');
  }
})();
