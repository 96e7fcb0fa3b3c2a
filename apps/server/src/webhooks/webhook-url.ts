// The check of a webhook's URL when it is registered or changed: http(s), no credentials in it,
// and no internal address, by its name and by every address its name resolves to now (the
// delivery checks again, as DNS may change: webhooks/delivery.ts sends through the egress guard).
import { lookup } from 'node:dns/promises';
import type { TestHosts } from '@grabbit/catalog';
import { AppError } from '../core/app-error';
import { isPrivateAddress, isTestHost } from '../net/addresses';

const refused = (why: string) =>
  new AppError('WEBHOOK_URL_NOT_ALLOWED', `This webhook URL is not allowed: ${why}.`);

export async function checkWebhookUrl(raw: string, testHosts: TestHosts): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('it is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('only http and https are sent to');
  if (url.username || url.password) throw refused('it carries credentials');
  if (isTestHost(url, testHosts)) return url;
  if (isPrivateAddress(url.hostname)) throw refused('it leads to a local or private network address');
  const addresses = await lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true }).catch(() => []);
  if (addresses.length === 0) throw refused(`its host ${url.hostname} has no address`);
  if (addresses.some((found) => isPrivateAddress(found.address)))
    throw refused('it leads to a local or private network address');
  return url;
}
