/**
 * Dropdown menus on Radix: arrow keys move, typeahead jumps, Escape closes and returns focus
 * to the trigger. Thin styled wrappers; compose them like Radix's own parts.
 */
import type { ComponentProps, ReactNode } from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronRight } from 'lucide-react';
import clsx from 'clsx';
import styles from './Menu.module.css';

/**
 * Not modal: a modal menu hides the rest of the page from assistive technology with aria-hidden
 * while its links stay focusable, which axe reports (aria-hidden-focus). Focus still moves into
 * the menu, Escape and a click outside still close it.
 */
export function Menu({ modal = false, ...rest }: ComponentProps<typeof RadixMenu.Root>) {
  return <RadixMenu.Root modal={modal} {...rest} />;
}
export const MenuTrigger = RadixMenu.Trigger;
export const MenuGroup = RadixMenu.Group;
export const MenuSub = RadixMenu.Sub;

export function MenuContent({ className, sideOffset = 6, children, ...rest }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content className={clsx(styles.content, className)} sideOffset={sideOffset} collisionPadding={8} {...rest}>
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

interface ItemExtras {
  icon?: ReactNode;
  /** Trailing hint, e.g. a keyboard shortcut. */
  hint?: ReactNode;
  tone?: 'default' | 'danger';
}

export function MenuItem({
  icon,
  hint,
  tone = 'default',
  className,
  children,
  ...rest
}: ComponentProps<typeof RadixMenu.Item> & ItemExtras) {
  return (
    <RadixMenu.Item className={clsx(styles.item, tone === 'danger' && styles.danger, className)} {...rest}>
      <span className={styles.icon}>{icon}</span>
      <span className={styles.text}>{children}</span>
      {hint && <span className={styles.hint}>{hint}</span>}
    </RadixMenu.Item>
  );
}

export function MenuCheckboxItem({
  icon,
  className,
  children,
  ...rest
}: ComponentProps<typeof RadixMenu.CheckboxItem> & Pick<ItemExtras, 'icon'>) {
  return (
    <RadixMenu.CheckboxItem className={clsx(styles.item, className)} {...rest}>
      <span className={styles.icon}>{icon}</span>
      <span className={styles.text}>{children}</span>
      <span className={styles.switch} aria-hidden>
        <span className={styles.knob} />
      </span>
    </RadixMenu.CheckboxItem>
  );
}

export const MenuRadioGroup = RadixMenu.RadioGroup;

export function MenuRadioItem({ className, children, ...rest }: ComponentProps<typeof RadixMenu.RadioItem>) {
  return (
    <RadixMenu.RadioItem className={clsx(styles.item, className)} {...rest}>
      <span className={styles.icon}>
        <RadixMenu.ItemIndicator>
          <Check size={14} aria-hidden />
        </RadixMenu.ItemIndicator>
      </span>
      <span className={styles.text}>{children}</span>
    </RadixMenu.RadioItem>
  );
}

export function MenuSubTrigger({
  icon,
  className,
  children,
  ...rest
}: ComponentProps<typeof RadixMenu.SubTrigger> & Pick<ItemExtras, 'icon'>) {
  return (
    <RadixMenu.SubTrigger className={clsx(styles.item, className)} {...rest}>
      <span className={styles.icon}>{icon}</span>
      <span className={styles.text}>{children}</span>
      <ChevronRight className={styles.chevron} size={14} aria-hidden />
    </RadixMenu.SubTrigger>
  );
}

export function MenuSubContent({ className, children, ...rest }: ComponentProps<typeof RadixMenu.SubContent>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.SubContent className={clsx(styles.content, className)} sideOffset={4} collisionPadding={8} {...rest}>
        {children}
      </RadixMenu.SubContent>
    </RadixMenu.Portal>
  );
}

export function MenuLabel({ className, ...rest }: ComponentProps<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={clsx(styles.label, className)} {...rest} />;
}

export function MenuSeparator({ className, ...rest }: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={clsx(styles.separator, className)} {...rest} />;
}
