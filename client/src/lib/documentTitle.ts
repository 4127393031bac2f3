import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<title> · Workspace", or the product name alone. */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
