import type { ReactNode } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { CircleCheck, CircleX, Info, TriangleExclamationPoint, X } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from '../lib/store';
import { dismissToast, toastsAtom, type Toast, type ToastIconName } from './toastStore';
import styles from './Toaster.module.css';

const icons: Record<ToastIconName, ReactNode> = {
  info: <Info size={16} aria-hidden />,
  success: <CircleCheck size={16} aria-hidden />,
  warning: <TriangleExclamationPoint size={16} aria-hidden />,
  error: <CircleX size={16} aria-hidden />,
};

function isIconName(icon: unknown): icon is ToastIconName {
  return typeof icon === 'string' && Object.hasOwn(icons, icon);
}

/** Renders the global toasts (`showToast`) in a 390 px viewport at the bottom right. Mount once. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useAtomValue(toastsAtom);
  return (
    <RadixToast.Provider swipeDirection="right" label={t('toast.region')}>
      {toasts.map((toast) => (
        <ToastCard key={`${toast.id}:${toast.version}`} toast={toast} dismissLabel={t('toast.dismiss')} />
      ))}
      <RadixToast.Viewport className={styles.viewport} />
    </RadixToast.Provider>
  );
}

function ToastCard({ toast, dismissLabel }: { toast: Toast; dismissLabel: string }) {
  const store = useStore();
  const icon = isIconName(toast.icon) ? icons[toast.icon] : toast.icon;
  const tone = isIconName(toast.icon) ? toast.icon : undefined;
  return (
    <RadixToast.Root
      className={styles.toast}
      duration={toast.durationMs}
      onOpenChange={(open) => {
        if (!open) dismissToast(toast.id, store);
      }}
    >
      {icon && <span className={clsx(styles.icon, tone && styles[tone])}>{icon}</span>}
      <div className={styles.body}>
        {toast.title && <RadixToast.Title className={styles.title}>{toast.title}</RadixToast.Title>}
        <RadixToast.Description className={styles.message}>{toast.message}</RadixToast.Description>
      </div>
      {toast.action && (
        <RadixToast.Action className={styles.action} altText={toast.action.altText ?? toast.action.label} onClick={toast.action.onClick}>
          {toast.action.label}
        </RadixToast.Action>
      )}
      <RadixToast.Close className={styles.close} aria-label={dismissLabel}>
        <X size={14} aria-hidden />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}
