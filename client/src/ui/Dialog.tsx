import { useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { focusIfPresent, focusIsLost, mainHeading } from './focus';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md';
  /**
   * Where focus goes when the dialog closes, such as the item it just created; when it gives
   * nothing, focus goes back to the element that had it when the dialog opened.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * A modal dialog: focus is trapped inside, Escape and the close button dismiss it, overlay and
 * panel fade in over 0.15 s. The element marked `data-autofocus` takes focus on open. On close,
 * focus goes to `returnFocusTo`'s element, else back to the opener (dialogs here are opened from
 * state, not from a Radix trigger, so Radix alone would drop it on <body>), else the main heading.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'sm', returnFocusTo }: DialogProps) {
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const focusMarkedElement = (event: Event) => {
    // Radix moves focus inside right after this event: what has focus now is the opener.
    const active = document.activeElement;
    openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
    const target = contentRef.current?.querySelector<HTMLElement>('[data-autofocus]');
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const opener = openerRef.current;
    openerRef.current = null;
    // The target may appear with the next render (a created item's link): look once more after it.
    if (focusIfPresent(returnFocusTo?.())) return;
    if (!returnFocusTo && focusIfPresent(opener)) return;
    requestAnimationFrame(() => {
      if (focusIfPresent(returnFocusTo?.())) return;
      if (focusIsLost() && !focusIfPresent(opener)) focusIfPresent(mainHeading());
    });
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          ref={contentRef}
          className={clsx(styles.content, styles[size])}
          onOpenAutoFocus={focusMarkedElement}
          onCloseAutoFocus={returnFocus}
        >
          <header className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label={t('dialog.close')}>
              <X size={16} aria-hidden />
            </RadixDialog.Close>
          </header>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children && <div className={styles.body}>{children}</div>}
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
