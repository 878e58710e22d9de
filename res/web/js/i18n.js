// The page's texts in English, 简体中文 or 繁體中文: translations come from the same catalogs as
// the app's (res/po, converted at build time to i18n/<lang>.json). Strings are marked with _()
// (and N_() where only marked) so that xgettext finds them (res/po/update-pot.sh).

let table = {};
let current = 'en';
const supported = ['en', 'zh_CN', 'zh_TW'];

/** The translation of `msgid` (English when there is none). */
export function _(msgid) {
  return table[msgid] || msgid;
}
/** Marks a string for translation without translating it here. */
export function N_(msgid) {
  return msgid;
}
/** `text` with %s / %d replaced by the arguments in order. */
export function format(text, ...args) {
  let i = 0;
  return text.replace(/%[sd]/g, () => String(args[i++]));
}

/** The language from the saved choice, else from the browser's languages. */
export function preferredLanguage() {
  try {
    const saved = localStorage.getItem('gomoku.lang');
    if (supported.includes(saved)) return saved;
  } catch { /* storage disabled */ }
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const t = l.toLowerCase();
    if (t.startsWith('zh')) {
      return /tw|hk|mo|hant/.test(t) ? 'zh_TW' : 'zh_CN';
    }
    if (t.startsWith('en')) return 'en';
  }
  return 'en';
}

/** Loads the table of `lang` and translates the page's marked elements. */
export async function setLanguage(lang, save = false) {
  if (!supported.includes(lang)) lang = 'en';
  let next = {};
  if (lang !== 'en') {
    try {
      const res = await fetch(`i18n/${lang}.json`);
      if (res.ok) next = await res.json();
    } catch { /* English it is */ }
  }
  table = next;
  current = lang;
  if (save) {
    try { localStorage.setItem('gomoku.lang', lang); } catch { /* storage disabled */ }
  }
  document.documentElement.lang = lang === 'en' ? 'en' : lang.replace('_', '-');
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = _(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-placeholder]'))
    el.placeholder = _(el.dataset.i18nPlaceholder);
  return lang;
}

export function language() {
  return current;
}
