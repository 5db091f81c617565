import { sessionStore } from '@/lib/session';

/** The signed-in user and their business, as the device's store keys what it keeps. */
export interface Who {
  userId: number;
  businessId: number;
}

/** Who is signed in on this tab now; null when nobody is, or they have no business yet. */
export const currentWho = (): Who | null => {
  const user = sessionStore.get().user;
  const userId = Number(user?.id);
  if (!user || !Number.isSafeInteger(userId) || user.businessId === null) return null;
  return { userId, businessId: user.businessId };
};

export const sameWho = (a: Who | null, b: Who | null): boolean =>
  !!a && !!b && a.userId === b.userId && a.businessId === b.businessId;
