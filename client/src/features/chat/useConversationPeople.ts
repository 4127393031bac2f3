/** Who can be mentioned in a conversation: the private chat's members, a space's or task's members, else the team. */
import { useEffect, useMemo, useState } from 'react';
import { request } from '../../lib/graphql';
import { useAtomValue } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import { privatsAtom } from './atoms';
import type { MentionCandidate } from './composerText';
import { personName } from './format';
import { getChatPeopleDocument, type ConversationTarget, type PrivatMember } from './operations';

function toCandidate(person: PrivatMember): MentionCandidate {
  return { id: person.id, name: personName(person, person.id), profileImg: person.profileImg };
}

export interface ConversationPeople {
  /** Everyone in the conversation but the caller. */
  candidates: readonly MentionCandidate[];
  nameOf: (id: string) => string;
}

/** `guest`: a meeting room's guest sees nobody of the team (getUsers is members'): nobody to mention. */
export function useConversationPeople(
  target: ConversationTarget,
  unknownName: string,
  { guest = false }: { guest?: boolean } = {},
): ConversationPeople {
  const me = useAtomValue(currentUserAtom)?.id;
  const privats = useAtomValue(privatsAtom);
  const [fetched, setFetched] = useState<readonly MentionCandidate[]>([]);
  const privatId = 'privat' in target ? target.privat : null;
  const scope = guest
    ? null
    : 'project' in target
      ? { project: target.project }
      : 'task' in target
        ? { task: target.task }
        : privatId
          ? null
          : {};
  const scopeKey = JSON.stringify(scope);

  useEffect(() => {
    const variables = JSON.parse(scopeKey) as { project?: string; task?: string } | null;
    if (!variables) return undefined;
    let live = true;
    request(getChatPeopleDocument, variables, { handledByCaller: true })
      .then(({ getUsers }) => live && setFetched(getUsers.map(toCandidate)))
      .catch(() => live && setFetched([]));
    return () => {
      live = false;
    };
  }, [scopeKey]);

  const everyone = useMemo(
    () => (privatId ? (privats?.find((privat) => privat.id === privatId)?.users ?? []).map(toCandidate) : fetched),
    [privatId, privats, fetched],
  );
  return useMemo(() => {
    const names = new Map(everyone.map((person) => [person.id, person.name]));
    return { candidates: everyone.filter((person) => person.id !== me), nameOf: (id: string) => names.get(id) ?? unknownName };
  }, [everyone, me, unknownName]);
}
