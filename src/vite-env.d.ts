/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sentry DSN injected at build time from SENTRY_DSN; empty when error reporting is off. */
  readonly SENTRY_DSN?: string;
}
