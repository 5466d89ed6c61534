// Same dice everywhere, in the page: a link with the recorded battle,
// roll=1 and the dice it was recorded with shows exactly the recorded log.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openPage, root, useSiteAndBrowser } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });

const dir = path.join(root, 'tests', 'fixtures', 'rolls');
for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.json'))) {
  test(`${f}: the page rolls the recorded battle`, async () => {
    const { request, response } = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    const url = `${env.server.url}#/${request.ruleset}?roll=1&dice=${response.dice}&j=${encodeURIComponent(JSON.stringify(request))}`;
    const { page, context, problems } = await openPage(env.chrome.browser, url);
    await page.locator('ol.log li').first().waitFor();
    const shown = await page.locator('ol.log li').allTextContents();
    const story = await page.locator('blockquote.story').textContent();
    const want = response.log.filter((e) => e.step !== 'summary').map((e) => e.text);
    assert.deepEqual(shown, want);
    assert.equal(story, response.log.find((e) => e.step === 'summary').text);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
