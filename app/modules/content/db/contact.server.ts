import type { Db } from '#app/db/client.server.ts';
import { contactMessages } from './tables.ts';

export async function insertContactMessage(
  db: Db,
  message: { name: string; email: string; subject: string; message: string; orderNumber: string | undefined },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, orderNumber: message.orderNumber ?? null })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return row!;
}
