import { describe, expect, it } from 'vitest';
import {
  candidatesWithOwnOrigin,
  chooseConnection,
  normalizeCandidates,
  rankResults,
  usableCandidates,
  type ProbeResult,
} from './ranking';

const probe = (url: string, success: boolean, responseTime: number): ProbeResult => ({
  url,
  type: url.startsWith('https:') ? 'https' : 'http',
  success,
  responseTime,
});

describe('usableCandidates', () => {
  const candidates = ['http://10.0.0.1:5000', 'https://10.0.0.1:5001/', 'https://api.example.com'];

  it('keeps every candidate on an HTTP page, without trailing slashes', () => {
    expect(usableCandidates(candidates, 'http:')).toEqual([
      'http://10.0.0.1:5000',
      'https://10.0.0.1:5001',
      'https://api.example.com',
    ]);
  });

  it('drops plain HTTP on an HTTPS page (mixed content)', () => {
    expect(usableCandidates(candidates, 'https:')).toEqual([
      'https://10.0.0.1:5001',
      'https://api.example.com',
    ]);
  });

  it('removes blanks and duplicates, keeping the order', () => {
    expect(normalizeCandidates([' https://a.test/ ', '', 'https://a.test', 'http://b.test'])).toEqual([
      'https://a.test',
      'http://b.test',
    ]);
  });
});

describe('candidatesWithOwnOrigin', () => {
  it('tries the configured backends first, then the page own origin, even a LAN name over HTTP', () => {
    expect(candidatesWithOwnOrigin(['https://api.example'], 'http://grabbit.lan:5000')).toEqual([
      'https://api.example',
      'http://grabbit.lan:5000',
    ]);
    expect(candidatesWithOwnOrigin([], 'http://192.168.1.20:5000')).toEqual(['http://192.168.1.20:5000']);
    expect(candidatesWithOwnOrigin(['http://grabbit.lan:5000/'], 'http://grabbit.lan:5000')).toEqual([
      'http://grabbit.lan:5000',
    ]);
  });
});

describe('rankResults', () => {
  it('puts secure answers first, then the fastest, and leaves failures out', () => {
    const ranked = rankResults([
      probe('http://fast.test', true, 5),
      probe('https://slow.test', true, 300),
      probe('https://quick.test', true, 40),
      probe('https://down.test', false, 1),
    ]);
    expect(ranked.map((r) => r.url)).toEqual(['https://quick.test', 'https://slow.test', 'http://fast.test']);
  });
});

describe('chooseConnection', () => {
  it('derives the API base and hub address from the best origin', () => {
    const result = chooseConnection(
      ['http://a.test', 'https://b.test'],
      [probe('http://a.test', true, 3), probe('https://b.test', true, 90)],
    );
    expect(result).toMatchObject({
      bestApiUrl: 'https://b.test/api',
      bestSignalRUrl: 'https://b.test/hubs/downloads',
      connectionType: 'https',
      reachable: true,
    });
    expect(result.allResults).toHaveLength(2);
  });

  it('falls back to the first candidate when nothing answers', () => {
    const result = chooseConnection(
      ['http://a.test', 'https://b.test'],
      [probe('http://a.test', false, 3), probe('https://b.test', false, 5)],
    );
    expect(result).toMatchObject({
      bestApiUrl: 'http://a.test/api',
      connectionType: 'http',
      reachable: false,
    });
  });

  it('refuses to choose from no candidates', () => {
    expect(() => chooseConnection([], [])).toThrow(/No connection candidates/);
  });
});
