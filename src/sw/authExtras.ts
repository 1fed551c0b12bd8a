/**
 * auth-js's admin API, passkeys (WebAuthn) and Sign in with Ethereum as the
 * service worker's build sees them (vite.config.ts points those modules of
 * auth-js here, for the worker only). The worker only reads the shared
 * session and refreshes it; signing in, passkeys and the service-role admin
 * API run in a page or on a server. GoTrueClient builds the admin and passkey
 * objects in its constructor, so they exist, and every call says it is not
 * available here instead of doing something else.
 */
function unavailable(): never {
  throw new Error('Not available in the service worker: sign in and manage accounts in the app');
}

/** Stands in for GoTrueAdminApi (service-role calls; never made from a device). */
export default class GoTrueAdminApi {
  constructor(_options?: unknown) {}
}

/** Stands in for auth-js's passkey API (GoTrueClient's `mfa.webauthn`). */
export class WebAuthnApi {
  constructor(_client?: unknown) {}
  register = unavailable;
  authenticate = unavailable;
}

/** Passkeys are never offered in the worker. */
export function browserSupportsWebAuthn(): boolean {
  return false;
}

export const webAuthnAbortService = {
  createNewAbortSignal: unavailable,
  cancelCeremony(): void {},
};
export const createCredential = unavailable;
export const getCredential = unavailable;
export const deserializeCredentialCreationOptions = unavailable;
export const deserializeCredentialRequestOptions = unavailable;
export const serializeCredentialCreationResponse = unavailable;
export const serializeCredentialRequestResponse = unavailable;
export const createSiweMessage = unavailable;
export const fromHex = unavailable;
export const getAddress = unavailable;
export const toHex = unavailable;
