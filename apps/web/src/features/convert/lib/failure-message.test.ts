import { describe, expect, it } from 'vitest';
import { failureMessage, parseErrorBody, unknownErrorMessage } from './failure-message';

describe('failure message', () => {
  it('prefers Error, then error', () => {
    expect(failureMessage({ Error: 'Big', error: 'small' }, 'net')).toBe('Big');
    expect(failureMessage({ error: 'small' }, 'net')).toBe('small');
  });

  it('falls back to the transport message, then the fixed text', () => {
    expect(failureMessage(undefined, 'Network error')).toBe('Network error');
    expect(failureMessage({ Error: '' }, '')).toBe(unknownErrorMessage);
    expect(failureMessage('not an object')).toBe('An unknown error occurred');
  });

  it('parses JSON answers only', () => {
    expect(parseErrorBody('{"Error":"x"}')).toEqual({ Error: 'x' });
    expect(parseErrorBody('<html>')).toBeUndefined();
  });
});
