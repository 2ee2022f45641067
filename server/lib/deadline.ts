/**
 * `work`'s outcome, or the error `expired()` makes when `work` has not settled within `ms`. The timer is
 * cleared either way; `work` itself goes on (a promise cannot be stopped), its outcome then unheeded.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, expired: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(expired()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
