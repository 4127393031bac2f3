/**
 * The fixed icon set of sections: ProjectState.icon is an index into it (the server accepts 0 to
 * 99). Append only: reordering would change every board's icons. An index past the end wraps.
 */
import {
  Archive,
  Bug,
  CheckCircle2,
  Circle,
  CircleDashed,
  CircleDot,
  Clock,
  Eye,
  Flag,
  Flame,
  Inbox,
  Lightbulb,
  Pause,
  Rocket,
  Star,
  Timer,
  type LucideIcon,
} from 'lucide-react';

export const sectionIcons: readonly LucideIcon[] = [
  Circle,
  CircleDashed,
  CircleDot,
  CheckCircle2,
  Inbox,
  Clock,
  Timer,
  Eye,
  Pause,
  Flag,
  Flame,
  Star,
  Bug,
  Lightbulb,
  Rocket,
  Archive,
];

export function sectionIcon(index: number): LucideIcon {
  return sectionIcons[((index % sectionIcons.length) + sectionIcons.length) % sectionIcons.length]!;
}
