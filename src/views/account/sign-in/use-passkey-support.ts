import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** WebAuthn ties a passkey to a domain name: on an address like 127.0.0.1 or [::1] browsers refuse it. */
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** Whether passkeys can work here: the browser has WebAuthn and the site is opened by its name. */
export function passkeysUsableAt(hostname: string, hasWebAuthn: boolean): boolean {
  return hasWebAuthn && !IP_ADDRESS.test(hostname);
}

/**
 * Whether this browser can use passkeys on this site. False on the server and in the first render, so the
 * server's page and the browser's first render agree; the browser's answer follows at once.
 */
export function usePasskeySupport(): boolean {
  return useSyncExternalStore(
    never,
    // An IPv6 address comes with its brackets: `[::1]`.
    () => passkeysUsableAt(window.location.hostname, typeof window.PublicKeyCredential === 'function'),
    () => false,
  );
}
