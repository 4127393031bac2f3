/** The names a private chat's call shows: the chat's title as its members see it, and each other member's name. */
import type { PrivateCallPeople } from './PrivateCallSession';
import type { PrivateCallChat } from './operations';

interface Person {
  id: string;
  firstname?: string | null;
  lastname?: string | null;
}

function fullName(person: Person, fallback: string): string {
  const name = [person.firstname, person.lastname]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || fallback;
}

export function privateCallPeople(
  chat: PrivateCallChat,
  me: Person & { email: string; profileImg: string | null },
  unnamed: string,
): PrivateCallPeople {
  const others = chat.users.filter((user) => user.id !== me.id);
  const names = new Map(others.map((user) => [user.id, fullName(user, unnamed)]));
  const first = others[0];
  return {
    title: chat.name ?? (first ? fullName(first, unnamed) : unnamed),
    me: me.id,
    self: { name: fullName(me, me.email), profileImg: me.profileImg },
    names,
  };
}
