import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('lets the later class of the same kind win', () => {
    expect(cn('min-h-10', 'min-h-24')).toBe('min-h-24');
    expect(cn('px-0', 'px-4')).toBe('px-4');
    expect(cn('inline-flex px-0 py-2', 'px-3')).toBe('inline-flex py-2 px-3');
  });

  it('skips falsy values and keeps unrelated classes', () => {
    expect(cn('rounded', false, null, undefined, 'text-sm')).toBe('rounded text-sm');
  });

  it('knows the theme colours are colours, not sizes', () => {
    expect(cn('text-sm text-bark-700', 'text-forest-700')).toBe('text-sm text-forest-700');
  });
});
