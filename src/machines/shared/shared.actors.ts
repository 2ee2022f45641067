/**
 * The stand-in implementation of an actor a machine names but does not bind: the machine stays free of
 * HTTP and storage, and the live binding (`<flow>.live.ts`, the app's edge) or a test provides the real
 * one. Running without it fails loudly, with the actor's name.
 */
export const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));
