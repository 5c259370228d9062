import { isIPv4, isIPv6 } from 'node:net';
import { createHash } from 'node:crypto';

/**
 * The key a client is counted under for the per-address caps: an IPv4 address as it is, an IPv6 address by its
 * /64 prefix (one home or one server gets a whole /64: counting single IPv6 addresses would cap nobody).
 */
export function addressKey(remote: string | undefined): string {
  if (!remote) return 'unknown';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote)?.[1];
  if (v4) return v4;
  if (isIPv4(remote)) return remote;
  if (!isIPv6(remote)) return remote;
  const [head = '', tail = ''] = remote.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = remote.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** What is stored as a match's creator: a hash of the address key (the database keeps no address in clear). */
export function creatorOf(remote: string | undefined): string {
  return createHash('sha256')
    .update(`roundtable-creator:${addressKey(remote)}`)
    .digest('hex')
    .slice(0, 32);
}
