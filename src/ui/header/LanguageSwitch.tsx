import { loadCjkFont } from '../../i18n/cjkFont.ts';
import { useAppStore } from '../../state/hooks.ts';
import { languageSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import type { Language } from '../../state/uiSlice.ts';
import { useT } from '../common/useT.ts';

/** Each language named in itself, so a reader finds theirs whatever the UI speaks now. */
const NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

/** The zh-CN font, fetched as the reader reaches for the list, so 简体中文 is legible on any machine. */
const preloadFont = () => void loadCjkFont();

/** LanguageSwitch picks the UI language (the pick goes into the share URL). */
export function LanguageSwitch() {
  const t = useT();
  const language = useAppStore(languageSelector);
  return (
    <select
      aria-label={t('header.language')}
      value={language}
      onChange={(e) => appStore.getState().setLanguage(e.target.value as Language)}
      onFocus={preloadFont}
      onPointerEnter={preloadFont}
      className="h-9 rounded-md border border-slate-300 bg-white px-1 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      {(Object.keys(NAMES) as Language[]).map((l) => (
        <option key={l} value={l} lang={l}>
          {NAMES[l]}
        </option>
      ))}
    </select>
  );
}
