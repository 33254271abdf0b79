import { startStack } from './harness.ts';
const stack = await startStack();
try {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    const page = await stack.newPlayer();
    await page.setViewportSize({ width: w, height: h });
    await page.goto(stack.url);
    await page.getByTestId('name').fill('Alice');
    await page.getByTestId('game-batailles').click();
    await page.getByTestId('seats').selectOption('6');
    await page.screenshot({ path: `/tmp/shots/home-${w}.png`, fullPage: true });
    const t0 = Date.now();
    await page.getByTestId('solo').click();
    await page.getByTestId('lay').waitFor({ timeout: 60_000 });
    console.log(`start to lay offered: ${Date.now() - t0} ms`);
    await page.screenshot({ path: `/tmp/shots/lay-${w}.png`, fullPage: true });
    const cards = page.getByTestId('hand-card');
    await cards.nth(0).click();
    await cards.nth(1).click();
    await page.getByTestId('lay').click();
    await page
      .getByTestId('prompt')
      .filter({ hasText: /Your turn|Waiting for|You saw/ })
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(4000);
    await page.screenshot({ path: `/tmp/shots/turn-${w}.png`, fullPage: true });
    await page.getByTestId('autoplay').check();
    await page.waitForTimeout(15000);
    await page.screenshot({ path: `/tmp/shots/mid-${w}.png`, fullPage: true });
    await page.context().close();
  }
} finally {
  await stack.close();
}
