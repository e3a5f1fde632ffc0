/**
 * i18n: one i18next instance for the page, with the UI strings (`translation`), the Explain
 * sentence templates (`explain`) and the tick summaries (`summary`) in English and Simplified Chinese. The language follows the
 * store's `language` (the browser's at start, the reader's pick after `setLanguage`); <html lang>
 * follows too. The English resources are bundled, so init is synchronous; the zh-CN ones load with
 * the language (loadZhCN: an English page carries no Chinese), and tests load them on import.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AppStore } from '../state/store.ts';
import { loadCjkFont, UI_SYMBOLS, warmCjkFont } from './cjkFont.ts';
import { en } from './en.ts';
import { EXPLAIN_EN } from './explain.en.ts';
import { SUMMARY_EN } from './summary.en.ts';
import type { ZH_CN_RESOURCES } from './zhResources.ts';

/** The languages the UI speaks. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type UiLanguage = (typeof LANGUAGES)[number];

/** browserLanguage maps the browser's preferred languages to one the UI speaks (zh* → zh-CN). */
export function browserLanguage(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** initI18n initialises the shared instance (idempotent) in the given language. */
export function initI18n(language: UiLanguage = 'en'): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: ['translation', 'explain', 'summary'],
      defaultNS: 'translation',
      resources: { en: { translation: en, explain: EXPLAIN_EN, summary: SUMMARY_EN } },
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  return i18next;
}

let zhLoaded = false;
let zhLoading: Promise<typeof ZH_CN_RESOURCES> | null = null;

/** loadZhCN adds the zh-CN resources to the instance (once); an English page never loads them. */
export function loadZhCN(): Promise<typeof ZH_CN_RESOURCES> {
  zhLoading ??= import('./zhResources.ts').then(({ ZH_CN_RESOURCES: r }) => {
    for (const [ns, bundle] of Object.entries(r)) i18next.addResourceBundle('zh-CN', ns, bundle, true, true);
    zhLoaded = true;
    return r;
  });
  return zhLoading;
}

/**
 * startI18n starts i18n in the browser's language (unless the store already holds a chosen one,
 * e.g. from a share link), follows the browser's language when it changes until the reader picks
 * one, and keeps i18next and <html lang> in step with the store's language.
 */
export function startI18n(
  store: AppStore,
  preferred: () => readonly string[] = () => navigator.languages,
): () => void {
  const follow = () => store.getState().setBrowserLanguage(browserLanguage(preferred()));
  follow();
  const apply = (language: UiLanguage) => {
    document.documentElement.lang = language;
    if (language === 'en' || zhLoaded) initI18n(language);
    // Until its strings arrive (one small chunk) the page stays in English, never half-translated.
    else
      void loadZhCN().then(() => {
        if (store.getState().language === 'zh-CN') initI18n('zh-CN');
      });
    if (language === 'zh-CN') void loadCjkFont().then(warmZhFont);
  };
  apply(store.getState().language);
  const stop = store.subscribe((next, prev) => {
    if (next.language !== prev.language) apply(next.language);
    // A lesson's own Chinese (loaded with it) gets its subsets too, for the next time offline.
    if (next.lesson !== prev.lesson && next.lesson && next.language === 'zh-CN') {
      const text = JSON.stringify(next.lesson);
      void loadCjkFont().then(() => warmCjkFont(text));
    }
  });
  window.addEventListener('languagechange', follow);
  return () => {
    stop();
    window.removeEventListener('languagechange', follow);
  };
}

/** warmZhFont fetches, when the page is idle, the font subsets of every zh-CN string of the UI. */
function warmZhFont(): void {
  const later = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 2000));
  void loadZhCN().then((r) => later(() => warmCjkFont(JSON.stringify(r) + UI_SYMBOLS)));
}

// Ready on import (in English) so any React tree — the app, a component test — has its strings;
// startI18n then switches to the reader's language.
initI18n();
// Tests read zh-CN strings synchronously (the production build drops this branch).
if (import.meta.env?.MODE === 'test') await loadZhCN();

export { i18next };
