/**
 * Ids in links are base64 of the doubled number; decoding halves (docs/product.md#orders).
 * Decoding anything else throws InvalidIdError instead of producing NaN.
 */
export class InvalidIdError extends Error {
  constructor(input: string) {
    super(`Invalid order id in link: "${input.slice(0, 40)}"`);
    this.name = 'InvalidIdError';
  }
}

export function encodeId(id: number | string): string {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidIdError(String(id));
  return btoa(String(n * 2));
}

export function decodeId(encoded: string): number {
  let text: string;
  try {
    text = atob(decodeURIComponent(encoded));
  } catch {
    throw new InvalidIdError(encoded);
  }
  if (!/^\d{1,16}$/.test(text)) throw new InvalidIdError(encoded);
  const doubled = Number(text);
  if (doubled % 2 !== 0 || !Number.isSafeInteger(doubled)) throw new InvalidIdError(encoded);
  return doubled / 2;
}

/** Decodes, or returns null for input that is not an encoded id. */
export function tryDecodeId(encoded: string): number | null {
  try {
    return decodeId(encoded);
  } catch {
    return null;
  }
}
