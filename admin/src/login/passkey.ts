import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiCall } from '../providers/httpClient';

/**
 * Has the browser sign the server's challenge with one of the member's passkeys. The WebAuthn library
 * loads only now, out of the first download.
 */
export async function passkeyAssertion(optionsPath: string, json: unknown = {}) {
  const [{ startAuthentication }, answer] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiCall(optionsPath, { method: 'POST', json }),
  ]);
  return startAuthentication({ optionsJSON: answer.options as PublicKeyCredentialRequestOptionsJSON });
}
