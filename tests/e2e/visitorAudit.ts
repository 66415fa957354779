/**
 * A Lighthouse stand-in for the visitor pages (Lighthouse and axe-core are not installed here):
 * the accessibility rules that matter for these pages, checked in Chromium, and the load metrics
 * Lighthouse scores, measured with the Performance API under Lighthouse's mobile throttling.
 */
import type { Browser, Page } from 'playwright-core';

export interface AccessibilityAudit {
  /** Checks passed out of checks made, as a percentage (Lighthouse reports a 0-100 score too). */
  score: number;
  checks: number;
  failures: string[];
}

/** Rules checked inside the page: names, labels, contrast, structure, sizes. */
function pageRules() {
  const failures: string[] = [];
  let checks = 0;
  const check = (ok: boolean, failure: string) => {
    checks++;
    if (!ok) failures.push(failure);
  };
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };

  // Document: language, title, one h1, no skipped heading level, the landmarks.
  check(!!document.documentElement.lang, 'html has no lang');
  check(!!document.title.trim(), 'page has no title');
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
  check(headings.filter((level) => level === 1).length === 1, 'page has not exactly one h1');
  headings.forEach((level, i) => check(i === 0 || level <= headings[i - 1]! + 1, `heading level skipped at h${level}`));
  for (const landmark of ['header', 'nav', 'main', 'footer']) {
    check(!!document.querySelector(landmark), `no ${landmark} landmark`);
  }

  // Names: images, form fields, buttons, links.
  for (const img of document.querySelectorAll('img')) check(!!img.alt.trim(), `image without alt: ${img.src}`);
  for (const field of document.querySelectorAll('input, select, textarea')) {
    const labelled =
      [...((field as HTMLInputElement).labels ?? [])].some((l) => l.textContent?.trim()) ||
      !!field.getAttribute('aria-label');
    check(labelled, `field without a label: ${describe(field)}`);
  }
  for (const el of document.querySelectorAll('button, a[href]')) {
    if (visible(el)) check(!!(el.textContent?.trim() || el.querySelector('img[alt]')), `no name: ${describe(el)}`);
  }

  // Text contrast (WCAG AA): 4.5:1, or 3:1 for large text.
  const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  };
  const background = (el: Element | null): number[] => {
    for (let node = el; node; node = node.parentElement) {
      const parts = rgb(getComputedStyle(node).backgroundColor);
      if (parts.length === 3 || (parts[3] ?? 0) > 0.5) return parts.slice(0, 3);
    }
    return [255, 255, 255];
  };
  for (const el of document.querySelectorAll('body *')) {
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!ownText || !visible(el) || el.closest('option')) continue;
    const style = getComputedStyle(el);
    const [fg, bg] = [luminance(rgb(style.color)), luminance(background(el))];
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    check(ratio >= (large ? 3 : 4.5), `contrast ${ratio.toFixed(2)}:1 for ${describe(el)}`);
  }

  // Touch targets (WCAG 2.2 AA, 24 px; links inside sentences are exempt) and no sideways scrolling.
  for (const el of document.querySelectorAll('button, input, select, nav a')) {
    const box = el.getBoundingClientRect();
    if (visible(el)) check(box.width >= 24 && box.height >= 24, `target smaller than 24 px: ${describe(el)}`);
  }
  check(
    document.documentElement.scrollWidth <= window.innerWidth,
    `page scrolls sideways (${document.documentElement.scrollWidth} > ${window.innerWidth})`,
  );
  return { checks, failures };
}

/** Page rules, accessible names from Chromium's own accessibility tree, and a keyboard walk. */
export async function accessibilityAudit(page: Page): Promise<AccessibilityAudit> {
  const { checks: pageChecks, failures } = await page.evaluate(pageRules);
  let checks = pageChecks;

  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: Array<{ ignored: boolean; role?: { value: string }; name?: { value: string } }>;
  };
  for (const node of nodes) {
    if (node.ignored || !['button', 'link', 'textbox', 'combobox', 'image'].includes(node.role?.value ?? '')) continue;
    checks++;
    if (!node.name?.value.trim()) failures.push(`accessibility tree: ${node.role?.value} without a name`);
  }
  await cdp.detach();

  // Every control is reached with Tab, in order, and shows a visible focus ring.
  const reached: string[] = [];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        name: el.id || el.getAttribute('href') || el.tagName.toLowerCase(),
        ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      };
    });
    if (!focused) break;
    checks++;
    if (!focused.ring) failures.push(`no visible focus on ${focused.name}`);
    reached.push(focused.name);
  }
  for (const control of ['#main', 'select', 'orderId', 'email']) {
    checks++;
    if (!reached.includes(control)) failures.push(`Tab never reaches ${control} (reached ${reached.join(', ')})`);
  }
  return { score: Math.round(((checks - failures.length) / checks) * 100), checks, failures };
}

export interface LoadMetrics {
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  transferredKb: number;
  scriptKb: number;
}

/** Lighthouse's log-normal scoring of one metric (lighthouse-core/lib/statistics.js). */
function logNormalScore({ p10, median }: { p10: number; median: number }, value: number): number {
  if (value <= 0) return 1;
  const erf = (x: number) => {
    // Abramowitz and Stegun 7.1.26.
    const sign = Math.sign(x);
    const t = 1 / (1 + 0.3275911 * Math.abs(x));
    const y =
      1 -
      ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
        t *
        Math.exp(-x * x);
    return sign * y;
  };
  const standardized = (Math.log(value / median) * 0.9061938024368232) / -Math.log(p10 / median);
  const score = (1 - erf(standardized)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, score));
  if (value <= median) return Math.max(0.5, Math.min(0.8999, score));
  return Math.max(0, Math.min(0.4999, score));
}

async function measure(browser: Browser, url: string, throttle: boolean): Promise<LoadMetrics> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle) {
    // Lighthouse's mobile settings: slow 4G (150 ms, 1.6 Mbit/s down) and a 4x slower CPU.
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(500);
  const metrics = await page.evaluate(async () => {
    const entries = <T extends PerformanceEntry>(type: string) =>
      new Promise<T[]>((resolve) => {
        const found: T[] = [];
        new PerformanceObserver((list) => found.push(...(list.getEntries() as T[]))).observe({ type, buffered: true });
        setTimeout(() => resolve(found), 100);
      });
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const lcp = (await entries<PerformanceEntry>('largest-contentful-paint')).at(-1)?.startTime ?? 0;
    const shifts = await entries<PerformanceEntry & { value: number; hadRecentInput: boolean }>('layout-shift');
    const longTasks = await entries<PerformanceEntry>('longtask');
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      firstContentfulPaintMs: Math.round(fcp),
      largestContentfulPaintMs: Math.round(lcp),
      domContentLoadedMs: Math.round(navigation.domContentLoadedEventEnd),
      loadMs: Math.round(navigation.loadEventEnd),
      totalBlockingTimeMs: Math.round(
        longTasks.filter((t) => t.startTime > fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      ),
      cumulativeLayoutShift: shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0),
      transferredKb:
        Math.round(((navigation.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0)) / 1024) * 10) /
        10,
      scriptKb:
        Math.round(
          (resources
            .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
            .reduce((s, r) => s + r.transferSize, 0) /
            1024) *
            10,
        ) / 10,
    };
  });
  await context.close();
  return metrics;
}

/**
 * Load metrics with and without throttling, and a Lighthouse-style performance score from the
 * throttled run (weights and curves of Lighthouse 10 mobile; Speed Index taken as LCP, which it
 * cannot exceed on a page that paints once).
 */
export async function loadPerformance(browser: Browser, url: string) {
  const unthrottled = await measure(browser, url, false);
  const throttled = await measure(browser, url, true);
  const weighted = [
    [0.1, logNormalScore({ p10: 1800, median: 3000 }, throttled.firstContentfulPaintMs)],
    [0.1, logNormalScore({ p10: 3387, median: 5800 }, throttled.largestContentfulPaintMs)],
    [0.25, logNormalScore({ p10: 2500, median: 4000 }, throttled.largestContentfulPaintMs)],
    [0.3, logNormalScore({ p10: 200, median: 600 }, throttled.totalBlockingTimeMs)],
    [0.25, logNormalScore({ p10: 0.1, median: 0.25 }, throttled.cumulativeLayoutShift)],
  ];
  const score = Math.round(weighted.reduce((sum, [weight, s]) => sum + weight! * s!, 0) * 100);
  return { score, throttled, unthrottled };
}
