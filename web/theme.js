// The colour theme every page uses: "auto" follows the system's light or
// dark setting, "light" and "dark" override it. Loaded as a plain script in
// <head> so the page is drawn in the right colours from the first frame; a
// <select id="theme"> on the page changes and keeps the choice.
(() => {
  const KEY = 'yomi-theme';
  const apply = (theme) => {
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
  };
  let saved = 'auto';
  try { saved = localStorage.getItem(KEY) || 'auto'; } catch { /* storage blocked: follow the system */ }
  apply(saved);
  addEventListener('DOMContentLoaded', () => {
    const select = document.getElementById('theme');
    if (!select) return;
    select.value = saved;
    select.addEventListener('change', () => {
      apply(select.value);
      try { localStorage.setItem(KEY, select.value); } catch { /* not kept, still applied */ }
    });
  });
})();
