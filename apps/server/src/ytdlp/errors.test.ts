import { describe, expect, it } from 'vitest';
import { ytDlpError } from './errors';

// What the pinned yt-dlp printed when it could not open its cookie file (a relative path from the
// job folder it runs in): a traceback whose source lines say "cookies", and no ERROR: line.
const cookieTraceback = `[generic] Extracting URL: http://127.0.0.1:41111/one.html
Traceback (most recent call last):
  File "/engines/venv/lib/python3.11/site-packages/yt_dlp/__init__.py", line 1102, in main
    _exit(*variadic(_real_main(argv)))
  File "/engines/venv/lib/python3.11/site-packages/yt_dlp/cookies.py", line 1290, in save
    with self.open(filename, write=True) as f:
  File "/engines/venv/lib/python3.11/site-packages/yt_dlp/cookies.py", line 1305, in open
    with open(file, 'w' if write else 'r', encoding='utf-8') as f:
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
FileNotFoundError: [Errno 2] No such file or directory: '.data/private/run-x/cookies.txt'`;

describe('yt-dlp failures', () => {
  it('a traceback without an ERROR: line is the engine failing, with its last lines for the log', () => {
    const error = ytDlpError(cookieTraceback);
    expect(error.code).toBe('ENGINE_FAILED');
    expect(error.message).toBe('The download engine failed unexpectedly; the operator has been told.');
    expect(String(error.cause)).toMatch(/FileNotFoundError: .*cookies\.txt'$/);
    expect(String(error.cause).split('\n').length).toBeLessThanOrEqual(12);
  });

  it('secrets in the lines kept for the log are masked', () => {
    const error = ytDlpError(
      `Traceback (most recent call last):\nProxyError: http://user:hunter2@10.0.0.1:3128 refused\nCookie: sid=abc123`,
    );
    expect(error.code).toBe('ENGINE_FAILED');
    expect(String(error.cause)).not.toMatch(/hunter2|abc123/);
  });

  it("only yt-dlp's own ERROR: lines are classified", () => {
    const warned = `WARNING: [generic] Falling back on generic information extractor; cookies not found\nERROR: [generic] Unable to download webpage: HTTP Error 404: Not Found`;
    const notFound = ytDlpError(warned);
    expect(notFound.code).toBe('MEDIA_NOT_FOUND');
    expect(notFound.cause).toBe('ERROR: [generic] Unable to download webpage: HTTP Error 404: Not Found');
    const login = ytDlpError(
      'ERROR: [instagram] abc: Requested content is not available, rate-limit reached or login required. Use --cookies',
    );
    expect(login.message).toMatch(/needs a login/);
  });

  it('the ffmpeg guard refusing an input is its own answer', () => {
    const error = ytDlpError(
      'grabbit-ffmpeg-guard: URL_NOT_ALLOWED: rtmp://x\nERROR: Postprocessing: exit 1',
    );
    expect(error.code).toBe('URL_NOT_ALLOWED');
  });
});
