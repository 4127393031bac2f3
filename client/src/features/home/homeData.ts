/** What Home reads across spaces, each in one request, and the day it calls today. */
import { useEffect, useState } from 'react';
import { request } from '../../lib/graphql';
import { homeDocLimit, homeDocSpaces, recentDocsDocument, recentFilesDocument, type HomeDoc, type HomeFile } from './operations';

/** "Today" moves on at midnight without a reload. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The person's local day around `now`, as the calendar's start and end. */
export function todayRange(now: Date): { start: string; end: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { start: start.toISOString(), end: end.toISOString() };
}

function numbered(projects: readonly string[]): Record<string, string> {
  return Object.fromEntries(projects.map((id, index) => [`project_${index}`, id]));
}

/** The newest docs of the given spaces, read in one request. */
export async function recentDocs(projects: readonly string[]): Promise<HomeDoc[]> {
  if (projects.length === 0) return [];
  const chosen = projects.slice(0, homeDocSpaces);
  const answer = await request(recentDocsDocument(chosen.length), numbered(chosen), { handledByCaller: true });
  return Object.values(answer)
    .flatMap((page) => page?.walls ?? [])
    .sort((left, right) => right.updatedAt.localeCompare(left.updatedAt))
    .slice(0, homeDocLimit);
}

/** The newest files of the given spaces (each space's own files), read in one request. */
export async function recentFiles(projects: readonly string[]): Promise<HomeFile[]> {
  if (projects.length === 0) return [];
  const chosen = projects.slice(0, homeDocSpaces);
  const answer = await request(recentFilesDocument(chosen.length), numbered(chosen), { handledByCaller: true });
  return Object.values(answer)
    .flatMap((files) => files ?? [])
    .sort((left, right) => right.createdAt.localeCompare(left.createdAt))
    .slice(0, homeDocLimit);
}
