import type { FlagClient } from './flag-client';

/**
 * Experiments bucket visitors by the `id` attribute (decision 0018). The id is analytics' anonymous id,
 * which exists only with analytics consent: without it the flag client has no `id`, the experiment's rule
 * does not apply and every visitor sees the control (A_CONTROL). A change of consent sets it again.
 */
export interface VisitorIdSource {
  /** The id now, or null while analytics consent is missing. */
  current(): string | null;
  /** Calls `listener` whenever the id may have changed; answers the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** The targeting attributes of a visitor id: none without one. */
export function visitorAttributes(id: string | null): Record<string, unknown> {
  return id === null ? {} : { id };
}

/**
 * Keeps the client's attributes on the source's id from now on. `applied` is the id the client was made
 * with, so the first change only is sent. Answers the unsubscribe.
 */
export function bindVisitorId(client: Pick<FlagClient, 'setAttributes'>, source: VisitorIdSource, applied: string | null, report: (error: unknown) => void): () => void {
  let last = applied;
  const apply = () => {
    const id = source.current();
    if (id === last) return;
    last = id;
    client.setAttributes(visitorAttributes(id)).catch(report);
  };
  apply();
  return source.onChange(apply);
}
