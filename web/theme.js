// The colour theme every page uses: "auto" follows the system's light or
// dark setting, "light" and "dark" override it. Loaded as a plain script in
// <head> so the page is drawn in the right colours from the first frame; it
// puts the Theme menu (<select id="theme">) in the page's header
// (`header.site .brand`), where it changes and keeps the choice.
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
    const brand = document.querySelector('header.site .brand');
    if (!brand) return;
    const label = document.createElement('label');
    label.className = 'theme';
    label.innerHTML = 'Theme <select id="theme"><option value="auto">Like the system</option>'
      + '<option value="light">Light</option><option value="dark">Dark</option></select>';
    brand.append(label);
    const select = label.querySelector('select');
    select.value = saved;
    select.addEventListener('change', () => {
      apply(select.value);
      try { localStorage.setItem(KEY, select.value); } catch { /* not kept, still applied */ }
    });
  });
})();
