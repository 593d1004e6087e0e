import { fromBase64Url, toBase64 } from '../../lib/encoding';

/**
 * RSA with SHA-256 (RSASSA-PKCS1-v1_5), the signature WeChat Pay v3 ("SHA256-RSA2048") and Alipay ("RSA2")
 * both use, through WebCrypto. Keys come as PEM or as the bare base64 Alipay's console shows.
 */
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

const der = (pem: string) => fromBase64Url(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));

export const importPrivateKey = (pem: string) => crypto.subtle.importKey('pkcs8', der(pem), RSA, false, ['sign']);
export const importPublicKey = (pem: string) => crypto.subtle.importKey('spki', der(pem), RSA, false, ['verify']);

export async function rsaSign(privateKeyPem: string, text: string): Promise<string> {
  return toBase64(await crypto.subtle.sign(RSA, await importPrivateKey(privateKeyPem), new TextEncoder().encode(text)));
}

/** False for a wrong, truncated or non-base64 signature alike. */
export async function rsaVerify(publicKeyPem: string, text: string, signature: string): Promise<boolean> {
  try {
    return await crypto.subtle.verify(RSA, await importPublicKey(publicKeyPem), fromBase64Url(signature), new TextEncoder().encode(text));
  } catch {
    return false;
  }
}

export const randomHex = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
