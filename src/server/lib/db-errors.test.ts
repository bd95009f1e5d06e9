import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors';

describe('isDatabaseUnavailable', () => {
  it('recognises refused connections, admin shutdowns and wrapped causes', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
  });

  it('leaves ordinary errors alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
