import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { atom, useSetAtom } from './store';

/** Sets the tab title to "<title> · Workspace", or the product name alone. */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}

/**
 * What a dashboard page adds before its area's name in the tab title: an onboarding step, a
 * preferences tab, a conversation, a doc. The dashboard frame owns document.title and reads this.
 */
export const pageTitleDetailAtom = atom<string | undefined>(undefined);

/** Names what the page shows inside its area, for as long as the page is shown. */
export function usePageTitleDetail(detail: string | undefined): void {
  const setDetail = useSetAtom(pageTitleDetailAtom);
  useEffect(() => {
    setDetail(detail);
    return () => setDetail(undefined);
  }, [detail, setDetail]);
}
