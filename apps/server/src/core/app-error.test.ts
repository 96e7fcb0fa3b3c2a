// Every code has one HTTP status, read from the contracts' table.
import { errorCodes, errorStatus, statusOfCode } from '@grabbit/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';

describe('AppError status table', () => {
  it('gives every code exactly one status, an HTTP error status', () => {
    expect(Object.keys(errorStatus).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code]).toBeLessThan(600);
    }
  });

  it('takes the status from the table', () => {
    expect(new AppError('TASK_NOT_FOUND', 'gone').statusCode).toBe(404);
    expect(new AppError('UNSUPPORTED_FORMAT', 'no').statusCode).toBe(415);
    expect(new AppError('FORMAT_NOT_AVAILABLE', 'no').statusCode).toBe(422);
  });

  it('answers 500 for a code it does not know', () => {
    expect(statusOfCode('SOMETHING_NEW')).toBe(500);
    expect(statusOfCode('BUSY')).toBe(503);
  });
});
