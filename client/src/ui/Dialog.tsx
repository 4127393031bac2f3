import { useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useDialogFocusReturn } from './focus';
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
  const focusReturn = useDialogFocusReturn(returnFocusTo);
  const focusMarkedElement = (event: Event) => {
    focusReturn.remember();
    const target = contentRef.current?.querySelector<HTMLElement>('[data-autofocus]');
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          ref={contentRef}
          className={clsx(styles.content, styles[size])}
          onOpenAutoFocus={focusMarkedElement}
          onCloseAutoFocus={focusReturn.restore}
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
