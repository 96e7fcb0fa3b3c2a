import { network } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { createConnectionDetector, detectOnce, type DetectorDeps } from './detect';
import type { HealthCheck } from './health-check';
import type { ProbeResult } from './ranking';

/** A health check answering from a table, recording each call and its time-out. */
function fakeCheck(answers: Record<string, { ok: boolean; ms: number }>) {
  const calls: [string, number][] = [];
  const check: HealthCheck = async (origin, timeoutMs) => {
    calls.push([origin, timeoutMs]);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const answer = answers[origin] ?? { ok: false, ms: 0 };
    const result: ProbeResult = {
      url: origin,
      type: origin.startsWith('https:') ? 'https' : 'http',
      success: answer.ok,
      responseTime: answer.ms,
    };
    return answer.ok ? result : { ...result, error: 'connection refused' };
  };
  return { check, calls };
}

function deps(candidates: string[], check: HealthCheck, pageProtocol = 'http:'): DetectorDeps {
  return { loadCandidates: async () => candidates, check, pageProtocol };
}

describe('detectOnce', () => {
  it('uses the primary candidate when it answers, with the short time-out, probing nothing else', async () => {
    const { check, calls } = fakeCheck({ 'http://primary.test': { ok: true, ms: 20 } });
    const result = await detectOnce(deps(['http://primary.test', 'https://other.test'], check));
    expect(result.bestApiUrl).toBe('http://primary.test/api');
    expect(calls).toEqual([['http://primary.test', network.healthTimeoutPrimaryMs]]);
  });

  it('probes the other candidates with the longer time-out when the primary fails, and ranks them', async () => {
    const { check, calls } = fakeCheck({
      'http://plain.test': { ok: true, ms: 10 },
      'https://secure.test': { ok: true, ms: 80 },
    });
    const result = await detectOnce(
      deps(['http://down.test', 'http://plain.test', 'https://secure.test'], check),
    );
    expect(result).toMatchObject({
      bestApiUrl: 'https://secure.test/api',
      connectionType: 'https',
      reachable: true,
    });
    expect(calls).toEqual([
      ['http://down.test', network.healthTimeoutPrimaryMs],
      ['http://plain.test', network.healthTimeoutCandidateMs],
      ['https://secure.test', network.healthTimeoutCandidateMs],
    ]);
    expect(result.allResults.map((r) => r.success)).toEqual([false, true, true]);
  });

  it('falls back to the first candidate, marked unreachable, when nothing answers', async () => {
    const { check } = fakeCheck({});
    const result = await detectOnce(deps(['http://a.test', 'http://b.test'], check));
    expect(result).toMatchObject({ bestApiUrl: 'http://a.test/api', reachable: false });
    expect(result.allResults.every((r) => r.error === 'connection refused')).toBe(true);
  });

  it('on an HTTPS page never uses plain HTTP, even as the fallback', async () => {
    const { check, calls } = fakeCheck({ 'http://plain.test': { ok: true, ms: 1 } });
    const result = await detectOnce(deps(['http://plain.test', 'https://secure.test'], check, 'https:'));
    expect(result.bestApiUrl).toBe('https://secure.test/api');
    expect(calls.map(([url]) => url)).toEqual(['https://secure.test']);
  });

  it('fails with a clear message on an HTTPS page with only HTTP candidates', async () => {
    const { check } = fakeCheck({});
    await expect(detectOnce(deps(['http://plain.test'], check, 'https:'))).rejects.toThrow(
      /cannot fall back to HTTP/,
    );
  });
});

describe('createConnectionDetector', () => {
  it('shares one attempt between concurrent callers and caches the result', async () => {
    const { check, calls } = fakeCheck({ 'http://a.test': { ok: true, ms: 1 } });
    let loads = 0;
    const detector = createConnectionDetector({
      ...deps(['http://a.test'], check),
      loadCandidates: async () => (loads++, ['http://a.test']),
    });
    const [first, second] = await Promise.all([detector.detect(), detector.detect()]);
    expect(first).toBe(second);
    expect(await detector.detect()).toBe(first);
    expect(detector.cached()).toBe(first);
    expect([loads, calls.length]).toEqual([1, 1]);
  });

  it('detects again when forced', async () => {
    const { check, calls } = fakeCheck({ 'http://a.test': { ok: true, ms: 1 } });
    const detector = createConnectionDetector(deps(['http://a.test'], check));
    const first = await detector.detect();
    const forced = await detector.detect({ force: true });
    expect(forced).not.toBe(first);
    expect(calls).toHaveLength(2);
    expect(detector.cached()).toBe(forced);
  });

  it('does not cache a failure: the next call tries again', async () => {
    const { check } = fakeCheck({ 'https://a.test': { ok: true, ms: 1 } });
    let candidates = ['http://only-plain.test'];
    const detector = createConnectionDetector({
      loadCandidates: async () => candidates,
      check,
      pageProtocol: 'https:',
    });
    await expect(detector.detect()).rejects.toThrow();
    candidates = ['https://a.test'];
    expect((await detector.detect()).bestApiUrl).toBe('https://a.test/api');
  });
});
