// The learn page: a worker trains a small network from nothing; the figures, the curve
// and the show board fill in; Pause stops the games; the downloaded file is a weights file
// the engine reads; a bad file to go on from is refused with the reason, losing nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { setup, openPage } from './helpers.mjs';

const env = setup();
const games = (page) => page.evaluate(() => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) || 0);

test('learn: trains from nothing, draws the curve and the show board, pauses, downloads a file the engine reads', async () => {
  const { page, done } = await openPage(env, 'learn.html', { wait: false });
  await page.waitForFunction(() => !document.querySelector('.learn-toggle').disabled, null, { timeout: 20000 });
  await page.locator('.learn-toggle').click();
  await page.waitForFunction(() => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) >= 300, null, { timeout: 60000 });
  assert.match(await page.textContent('.learn-speed dd'), /^[\d,]+$/);
  assert.ok((await page.getAttribute('.learn-line', 'points')).split(' ').length >= 3, 'a point per block');
  await page.waitForFunction(() => [...document.querySelectorAll('.learn-cell')].some((c) => c.textContent !== ''));
  await page.locator('.learn-toggle').click();
  assert.equal(await page.textContent('.learn-toggle'), 'Resume');
  await page.waitForTimeout(300); // a block under way ends
  const paused = await games(page);
  await page.waitForTimeout(800);
  assert.equal(await games(page), paused, 'no game while paused');

  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('.learn-download').click()]);
  const bytes = await readFile(await file.path());
  assert.equal(bytes.subarray(0, 7).toString('latin1'), '2048ntw');
  const info = await page.evaluate(async (b) => {
    const wasm = await import('/www/pkg/game2048.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_bg.wasm' });
    return wasm.loadWeights(new Uint8Array(b));
  }, [...bytes]);
  assert.equal(info.quantisation, 'f32');

  // A file that is not a weights file: the reason, and the network learned so far stays.
  await page.setInputFiles('.learn-upload', { name: 'nope.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('not a network') });
  await page.waitForFunction(() => /did not work: not a weights file/.test(document.querySelector('.learn-status').textContent));
  assert.ok((await page.getAttribute('.learn-line', 'points')).split(' ').length >= 3, 'the curve stays');
  await page.locator('.learn-toggle').click();
  await page.waitForFunction((n) => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) > n, paused, { timeout: 30000 });
  // The file downloaded goes on learning.
  await page.setInputFiles('.learn-upload', { name: 'mine.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await page.waitForFunction(() => /Read mine\.bin/.test(document.querySelector('.learn-status').textContent));
  await done();
});
