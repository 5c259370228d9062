/** A record text carried in a link: UTF-8, base64url (no padding), so any comment survives the address bar. */
export function encodeRecord(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeRecord(code: string): string | null {
  try {
    const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A path in the tree as the link writes it: child indices joined by dots (`0.0.1`); [] is the start. */
export function pathText(path: readonly number[]): string {
  return path.join('.');
}

export function readPath(text: string | null): number[] {
  if (!text || !/^\d{1,4}(\.\d{1,4}){0,5000}$/.test(text)) return [];
  return text.split('.').map(Number);
}
