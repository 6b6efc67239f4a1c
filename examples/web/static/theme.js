// theme.js: the theme the player chose with the Theme button (kept in
// localStorage as mancala-theme: 'dark' or 'light'), set on the page
// before it is drawn, so that it never flashes the other theme; with no
// choice kept the page follows the system's (prefers-color-scheme). A
// classic script in the head: it runs before the first paint.
try {
  const t = localStorage.getItem('mancala-theme');
  if (t === 'dark' || t === 'light') document.documentElement.dataset.theme = t;
} catch (e) { /* storage off: the system's theme */ }
