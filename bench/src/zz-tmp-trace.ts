import { startTestApp } from '../../apps/server/test/support/download-app';
import { startFixtureSite } from '../../apps/server/test/support/fixture-site';
const site = await startFixtureSite({ bigMegabytes: 50 });
const test = await startTestApp({ MEDIA_TEST_HOSTS: site.host, DOWNLOAD_CONCURRENCY: '2' }, { listen: true });
for (let i = 0; i < 4; i++) {
  console.log('TRACE post', performance.now().toFixed(0));
  const r = await fetch(`${test.origin}/api/download/youtube`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: site.url('/big.mp4'), format: 'mp4', directDownload: true }) });
  console.log('TRACE headers', performance.now().toFixed(0));
  await r.arrayBuffer();
  console.log('TRACE lastbyte', performance.now().toFixed(0));
}
await test.close(); await site.close();
