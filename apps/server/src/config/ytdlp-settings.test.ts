import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('yt-dlp settings', () => {
  it('a platform proxy list wins over the global one; the rest use the global one', () => {
    const config = loadConfig({
      YTDLP_PROXY: 'https://127.0.0.1:1080',
      YTDLP_PROXY_TIKTOK: 'http://user:pw@proxy.example:3128, http://127.0.0.1:3129',
    });
    expect(config.YTDLP_PROXIES.tiktok).toEqual([
      'http://user:pw@proxy.example:3128',
      'http://127.0.0.1:3129',
    ]);
    expect(config.YTDLP_PROXIES.youtube).toEqual(['https://127.0.0.1:1080']);
    expect(loadConfig({}).YTDLP_PROXIES).toEqual({});
  });

  it("a platform's extractor arguments are kept, and anything that could be an option is refused unechoed", () => {
    const config = loadConfig({
      YTDLP_EXTRACTOR_ARGS_YOUTUBE:
        'youtube:player_client=web,default;po_token=web+abc youtubepot-bgutilhttp:base_url=http://127.0.0.1:4416',
    });
    expect(config.YTDLP_EXTRACTOR_ARGS).toEqual({
      youtube: [
        'youtube:player_client=web,default;po_token=web+abc',
        'youtubepot-bgutilhttp:base_url=http://127.0.0.1:4416',
      ],
    });
    for (const bad of ['--exec=touch /tmp/x', 'youtube:x=1 --exec=id', 'youtube:x=1;\n--exec', '-o /etc/x'])
      expect(() => loadConfig({ YTDLP_EXTRACTOR_ARGS_YOUTUBE: bad })).toThrow(
        /^(?![\s\S]*exec)(?![\s\S]*etc)[\s\S]*YTDLP_EXTRACTOR_ARGS_YOUTUBE/,
      );
  });

  it('one bad proxy in a list is refused without echoing the list', () => {
    expect(() => loadConfig({ YTDLP_PROXY: 'http://127.0.0.1:3128,socks5://user:hunter2@x:1' })).toThrow(
      /^(?![\s\S]*hunter2)[\s\S]*YTDLP_PROXY/,
    );
  });

  it('a bad proxy is refused without echoing it (it may hold a password)', () => {
    let error: unknown;
    try {
      loadConfig({ YTDLP_PROXY_YOUTUBE: 'ftp://user:hunter2@proxy.example' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('YTDLP_PROXY_YOUTUBE');
    expect(message).not.toContain('hunter2');
  });

  it('a socks proxy is refused at start with a clear reason, without echoing it', () => {
    for (const proxy of [
      'socks5://user:hunter2@127.0.0.1:1080',
      'socks5h://127.0.0.1:1080',
      'socks4://127.0.0.1:1080',
    ]) {
      let error: unknown;
      try {
        loadConfig({ YTDLP_PROXY: proxy });
      } catch (caught) {
        error = caught;
      }
      expect(error, proxy).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('YTDLP_PROXY');
      expect(message).toMatch(/socks proxies are not supported/);
      expect(message).not.toContain('hunter2');
    }
  });

  it('the remote challenge solver is on for a real server, off in tests, and can be turned off', () => {
    expect(loadConfig({}).YTDLP_REMOTE_COMPONENTS).toEqual(['ejs:github']);
    expect(loadConfig({ NODE_ENV: 'test' }).YTDLP_REMOTE_COMPONENTS).toEqual([]);
    expect(loadConfig({ MEDIA_TEST_HOSTS: '127.0.0.1:1' }).YTDLP_REMOTE_COMPONENTS).toEqual([]);
    expect(loadConfig({ YTDLP_REMOTE_COMPONENTS: 'none' }).YTDLP_REMOTE_COMPONENTS).toEqual([]);
    expect(
      loadConfig({ NODE_ENV: 'test', YTDLP_REMOTE_COMPONENTS: 'ejs:npm' }).YTDLP_REMOTE_COMPONENTS,
    ).toEqual(['ejs:npm']);
  });

  it('YTDLP_PATH overrides; without it the project environment, else the one on PATH', () => {
    expect(loadConfig({ YTDLP_PATH: '/opt/yt-dlp' })).toMatchObject({
      YTDLP_PATH: '/opt/yt-dlp',
      YTDLP_SOURCE: 'YTDLP_PATH',
    });
    expect(loadConfig({ ENGINES_DIR: '/nonexistent-engines' })).toMatchObject({
      YTDLP_PATH: 'yt-dlp',
      YTDLP_SOURCE: 'system',
      YTDLP_PROJECT_PATH: '/nonexistent-engines/venv/bin/yt-dlp',
    });
  });
});
