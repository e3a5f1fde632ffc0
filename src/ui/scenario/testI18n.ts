/** Test helper: an initialised i18next in the given language (the page's startI18n does this in the app). */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** setTestLanguage initialises i18next once and switches it to `language`. */
export function setTestLanguage(language: 'en' | 'zh-CN' = 'en'): void {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'en',
      resources: {},
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
}
