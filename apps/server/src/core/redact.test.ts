import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('masks proxy credentials, cookies, tokens and signed queries', () => {
    const line =
      'ERROR: [generic] Unable to download http://user:p4ss@proxy.example:8080/x?token=abc&x=1 ' +
      'Cookie: sessionid=s3cret; csrftoken=t0k Authorization: Bearer abc.def';
    const redacted = redactSecrets(line);
    for (const secret of ['p4ss', 'abc&', 's3cret', 't0k', 'abc.def']) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('http://***@proxy.example:8080/x?token=***&x=1');
  });

  it('keeps an ordinary error line as it is', () => {
    const line = 'ERROR: [youtube] abc: Video unavailable. HTTP Error 404: Not Found';
    expect(redactSecrets(line)).toBe(line);
  });
});
