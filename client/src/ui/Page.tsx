import type { HTMLAttributes, ReactNode } from 'react';
import clsx from 'clsx';
import styles from './Page.module.css';

/** How wide a page's column runs: a form on its own, reading (the default), or a grid of cards and two columns. */
export type PageWidth = 'narrow' | 'regular' | 'wide';

export interface PageProps {
  /** The page's heading (its h1); none when what the page shows brings its own. */
  title?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  width?: PageWidth;
  className?: string;
  children?: ReactNode;
}

/**
 * A page that is one centred column of blocks, with its title and description: the same width, padding and
 * spacing wherever it is used, and less padding on a phone. Views of full-height panes (chat, the AI
 * assistant's conversations) are not pages of this kind.
 */
export function Page({ title, description, width = 'regular', className, children }: PageProps) {
  return (
    <div className={clsx(styles.page, width !== 'regular' && styles[width], className)}>
      {title !== undefined && (
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {description !== undefined && <p className={styles.description}>{description}</p>}
        </header>
      )}
      {children}
    </div>
  );
}

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element the card is: a section of the page (default), an article of a list of them, or a list item. */
  as?: 'section' | 'article' | 'li' | 'div';
}

/** A bordered block of a page (a plan, an app to get): a column of its title, text and actions. */
export function Card({ as: Element = 'section', className, ...rest }: CardProps) {
  return <Element className={clsx(styles.card, className)} {...rest} />;
}

/** A card's heading (h2), with room for an icon before its text. */
export function CardTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={clsx(styles.cardTitle, className)} {...rest} />;
}
