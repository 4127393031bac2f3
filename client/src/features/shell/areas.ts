/**
 * The dashboard's areas (SPEC §2) and how a URL maps onto them. URL shape:
 * `/:project/:category?/:id?/...` where project is a 24-hex space id or `overview` (all
 * spaces) and category is an area key; `/:project` alone is that scope's home.
 */
import {
  CalendarDays,
  CreditCard,
  Download,
  Handshake,
  ChartColumn,
  Clapperboard,
  FileText,
  Folder,
  House,
  Images,
  LifeBuoy,
  MessageSquare,
  MessageSquareHeart,
  MessagesSquare,
  Search,
  Settings,
  Shapes,
  Sparkles,
  SquareCheckBig,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { isProjectId } from '../../app/routeRules';

export const overviewScope = 'overview';

export const areaKeys = [
  'home',
  'tasks',
  'media',
  'files',
  'stories',
  'docs',
  'meetings',
  'messages',
  'calendar',
  'reports',
  'search',
  'preferences',
  'feedback',
  'support',
  'spaces',
  'ai',
  'upgrade',
  'sales',
  'download',
] as const;
export type AreaKey = (typeof areaKeys)[number];

/**
 * Chats live at /chats rather than under a space, but sit in the sidebar with the areas. They are
 * also the messages area: one sidebar entry serves both, and /:project/messages redirects to them.
 */
export type NavKey = AreaKey | 'chats';

export const navIcons: Record<NavKey, LucideIcon> = {
  home: House,
  tasks: SquareCheckBig,
  media: Images,
  files: Folder,
  stories: Clapperboard,
  docs: FileText,
  meetings: Video,
  messages: MessageSquare,
  chats: MessagesSquare,
  calendar: CalendarDays,
  reports: ChartColumn,
  search: Search,
  preferences: Settings,
  feedback: MessageSquareHeart,
  support: LifeBuoy,
  spaces: Shapes,
  ai: Sparkles,
  upgrade: CreditCard,
  sales: Handshake,
  download: Download,
};

/**
 * Sidebar order (SPEC §2): the work areas first; preferences, feedback and support sit at the bottom.
 * Messages and chats are one entry, Chats (private chats, space channels and task threads). The AI assistant
 * follows search. The plans, contact-sales and download pages are reached from admin billing and the user menu.
 */
export const primaryNav: readonly NavKey[] = [
  'home',
  'tasks',
  'media',
  'files',
  'stories',
  'docs',
  'meetings',
  'chats',
  'calendar',
  'reports',
  'search',
  'ai',
];
export const secondaryNav: readonly NavKey[] = ['preferences', 'feedback', 'support'];

export function isScope(value: string | undefined): value is string {
  return value === overviewScope || isProjectId(value);
}

function isCategory(value: string): value is Exclude<AreaKey, 'home'> {
  return value !== 'home' && (areaKeys as readonly string[]).includes(value);
}

export type DashboardLocation =
  { kind: 'area'; scope: string; area: AreaKey } | { kind: 'chats'; scope: string } | { kind: 'notFound'; scope: string };

/** Which area a dashboard URL shows. Unknown scopes or categories are "not found". */
export function resolveDashboardLocation(pathname: string, params: { project?: string; category?: string }): DashboardLocation {
  if (pathname === '/chats' || pathname.startsWith('/chats/')) return { kind: 'chats', scope: overviewScope };
  const { project, category } = params;
  if (!isScope(project)) return { kind: 'notFound', scope: overviewScope };
  if (category === undefined) return { kind: 'area', scope: project, area: 'home' };
  return isCategory(category) ? { kind: 'area', scope: project, area: category } : { kind: 'notFound', scope: project };
}

/** Where an entry leads from a scope; in a space, Chats opens that space's channel. */
export function navPath(key: NavKey, scope: string): string {
  if (key === 'chats' || key === 'messages') return scope === overviewScope ? '/chats' : `/chats/${scope}`;
  return key === 'home' ? `/${scope}` : `/${scope}/${key}`;
}

export function activeNavKey(location: DashboardLocation): NavKey | undefined {
  if (location.kind === 'chats') return 'chats';
  if (location.kind === 'area' && location.area === 'messages') return 'chats';
  return location.kind === 'area' ? location.area : undefined;
}
