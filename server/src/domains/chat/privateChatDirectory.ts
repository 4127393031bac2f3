import { eq } from 'drizzle-orm';
import type { PrivateChatDirectory } from '../../core/privateChats';
import { privatMembers, privats } from './tables';

/** The private chats port (core/privateChats.ts) answered from the chat area's projection. */
export const chatPrivateChatDirectory: PrivateChatDirectory = {
  privateChat(db, privatId) {
    const privat = db.select().from(privats).where(eq(privats.id, privatId)).get();
    if (!privat) return null;
    const memberIds = db
      .select({ userId: privatMembers.userId })
      .from(privatMembers)
      .where(eq(privatMembers.privatId, privat.id))
      .all()
      .map((row) => row.userId);
    return { id: privat.id, teamId: privat.teamId, name: privat.name, memberIds };
  },
};
