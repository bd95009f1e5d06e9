import { describe, expect, it } from 'vitest';
import { refusedAddress, resolveAllowed } from './ssrf';

// The refusal table of decision record 044 (the API-level refusals are in webhooks-out.test.ts).
describe('the SSRF guard', () => {
  const production = { allowLoopback: false };
  it.each([
    '10.0.0.1', '10.255.255.255', '127.0.0.1', '127.8.9.10', '169.254.169.254', '100.64.0.1', '100.127.255.255', '172.16.0.1', '192.168.1.1',
    '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.0.0.1', '64:ff9b::7f00:1',
  ])('refuses %s in production', (address) => {
    expect(refusedAddress(address, production)).not.toBeNull();
  });

  it.each(['93.184.216.34', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2606:4700::1111'])('allows the public address %s', (address) => {
    expect(refusedAddress(address, production)).toBeNull();
  });

  it('allows loopback only when the configuration says so, and never an IPv4-mapped loopback', () => {
    expect(refusedAddress('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('::1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('::ffff:127.0.0.1', { allowLoopback: true })).not.toBeNull();
    expect(refusedAddress('10.0.0.1', { allowLoopback: true })).not.toBeNull();
  });

  it('refuses a hostname that resolves to a private address, even among public ones', async () => {
    const resolver = (answers: { address: string; family: number }[]) => (async () => answers) as never;
    await expect(resolveAllowed('localtest.example', production, resolver([{ address: '127.0.0.1', family: 4 }]))).rejects.toThrow(/may not call/);
    await expect(resolveAllowed('mixed.example', production, resolver([{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }]))).rejects.toThrow(/may not call/);
    await expect(resolveAllowed('public.example', production, resolver([{ address: '93.184.216.34', family: 4 }]))).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(resolveAllowed('[::1]', production)).rejects.toThrow(/may not call/);
  });
});
