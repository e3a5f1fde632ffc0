import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { initI18n } from '../../i18n/index.ts';
import { type AppState, appStore } from '../../state/store.ts';

/** resetStore puts the page's store back to its initial state (tests share it). */
export function resetStore(): void {
  appStore.setState(appStore.getInitialState(), true);
}

/** renderWithStore renders a panel over the page's store filled with `data`, in English. */
export function renderWithStore(
  ui: ReactElement,
  data: Partial<AppState> = {},
  language: 'en' | 'zh-CN' = 'en',
) {
  initI18n(language);
  appStore.setState({ ...data, language });
  return render(ui);
}
