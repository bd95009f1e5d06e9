import { describe, expect, it } from 'vitest';
import { databaseInputError, isDatabaseUnavailable } from './db-errors';

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

describe('databaseInputError', () => {
  it('maps refused input to 4xx codes, through wrapped causes', () => {
    expect(databaseInputError(new Error('Failed query', { cause: Object.assign(new Error('out of range'), { code: '22003' }) }))?.code).toBe('VALIDATION');
    expect(databaseInputError(Object.assign(new Error('dup'), { code: '23505' }))?.code).toBe('CONFLICT');
    expect(databaseInputError(Object.assign(new Error('fk'), { code: '23503' }))?.code).toBe('VALIDATION');
    expect(databaseInputError(new Error('other'))).toBeNull();
  });
});
