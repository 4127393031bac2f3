import type { ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { tooltipDelayMs } from '#shared/constants';
import styles from './Tooltip.module.css';

/** Mount once near the root: tooltips open after 300 ms (SPEC §9). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={tooltipDelayMs}>{children}</RadixTooltip.Provider>;
}

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element: the tooltip also opens on keyboard focus. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip({ content, children, side = 'bottom' }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className={styles.content} side={side} sideOffset={6} collisionPadding={8}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
