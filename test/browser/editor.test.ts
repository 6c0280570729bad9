import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { editorText, expectNoErrors, skipBrowser, usePlayground } from "../support/browser.ts";

/** Clears the `where` editor and types `text` key by key, leaving whatever opens on its own open. */
async function typeWhere(page: Page, text: string): Promise<void> {
  await page.locator("#where-editor .cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
}

// qaql/codemirror as a person meets it: typing into the playground's editors in Chromium.
describe.skipIf(skipBrowser())("the where editor in Chromium", () => {
  const playground = usePlayground();

  it("shows one error, under the end of the text, for rank>=", async () => {
    const opened = await playground.open();
    const { page } = opened;
    await typeWhere(page, "rank>=");
    await page.keyboard.press("Escape");
    const marks = page.locator(
      "#where-editor .cm-lintRange-error, #where-editor .cm-lintPoint-error",
    );
    await expect.poll(() => marks.count()).toBe(1);
    // A point, not a range: an empty diagnostic at the end of the text, right after `>=`.
    const point = await page.locator("#where-editor .cm-lintPoint-error").boundingBox();
    const operator = await page.locator("#where-editor .cm-qaql-operator").boundingBox();
    expect(point && operator).toBeTruthy();
    if (!point || !operator) return;
    expect(Math.abs(point.x + point.width / 2 - (operator.x + operator.width))).toBeLessThan(6);
    // The point is an empty mark, which Playwright never counts visible: move the mouse there.
    await page.mouse.move(point.x + point.width / 2, point.y + point.height / 2);
    await expect
      .poll(() => page.locator(".cm-tooltip-lint").textContent())
      .toContain('expected a value after ">="');
    expectNoErrors(opened);
  });

  it("offers the quick fix to rank for rnak>=2, and accepting it fixes the text", async () => {
    const opened = await playground.open();
    const { page } = opened;
    await typeWhere(page, "rnak>=2");
    await page.keyboard.press("Escape");
    const range = page.locator("#where-editor .cm-lintRange-error");
    await expect.poll(() => range.count()).toBe(1);
    expect(await range.textContent()).toBe("rnak");
    await range.hover();
    const fix = page.locator(".cm-tooltip-lint .cm-diagnosticAction");
    await expect.poll(() => fix.textContent()).toBe("Replace with rank");
    expect(await page.locator(".cm-tooltip-lint").textContent()).toContain("did you mean rank?");
    await fix.click();
    expect(await editorText(page, "#where-editor")).toBe("rank>=2");
    await expect.poll(() => range.count()).toBe(0);
    expectNoErrors(opened);
  });

  it("completes type. with id, and the field's operators after it", async () => {
    const opened = await playground.open();
    const { page } = opened;
    await typeWhere(page, "type.");
    const options = page.locator(".cm-tooltip-autocomplete li .cm-completionLabel");
    await expect.poll(() => options.allTextContents()).toEqual(["id"]);
    // CodeMirror ignores Enter in the first moments after the list opens (interactionDelay).
    await page.waitForTimeout(150);
    await page.keyboard.press("Enter");
    expect(await editorText(page, "#where-editor")).toBe("type.id");
    await page.keyboard.type(" ");
    await expect
      .poll(() => options.allTextContents())
      .toEqual(expect.arrayContaining(["=", "~", "IN", "IS NULL"]));
    expectNoErrors(opened);
  });
});
