import { eq } from 'drizzle-orm';
import type { PrivateChatDirectory } from '../../core/privateChats';
import { privatMembers, privats } from './tables';

/** The private chats port (core/privateChats.ts) answered from the chat area's projection. */
export const chatPrivateChatDirectory: PrivateChatDirectory = {
  async privateChat(db, privatId) {
    const [privat] = await db.select().from(privats).where(eq(privats.id, privatId)).limit(1);
    if (!privat) return null;
    const memberIds = (
      await db.select({ userId: privatMembers.userId }).from(privatMembers).where(eq(privatMembers.privatId, privat.id))
    ).map((row) => row.userId);
    return { id: privat.id, teamId: privat.teamId, name: privat.name, memberIds };
  },
};
