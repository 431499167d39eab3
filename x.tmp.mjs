import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
for (const path of ['/', '/producten', '/examentips', '/']) {
  await page.goto('http://127.0.0.1:3900' + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  let t = Date.now();
  const anim = await page.evaluate(() => document.getAnimations().map(a => `${a.effect?.getComputedTiming().iterations}:${a.effect?.getComputedTiming().duration}`));
  await page.evaluate(() => Promise.race([Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]));
  const tWait = Date.now() - t; t = Date.now();
  await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa']).setLegacyMode().analyze();
  const tAxe = Date.now() - t; t = Date.now();
  const src = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
  await page.evaluate(src);
  const tInject = Date.now() - t; t = Date.now();
  await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa'] } }));
  const tRun = Date.now() - t; t = Date.now();
  await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa'] } }));
  const tRun2 = Date.now() - t;
  console.log(path, { anim, tWait, tAxe, tInject, tRun, tRun2 });
}
await browser.close();
