// On a 390×844 phone (issue 19 §10, §13): a cookie banner that leaves the page readable, and a focus ring that shows on
// every background. The burger's size and place: phone-walk.spec.ts (§8).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('sur un téléphone de 390 × 844', () => {
  test('le bandeau des cookies couvre au plus un quart de l’écran, boutons compris', async ({ page }) => {
    await page.goto('/evenements');
    const banner = page.getByRole('region', { name: 'Cookies et vie privée' });
    await expect(banner).toBeVisible();
    const box = await banner.boundingBox();
    expect(box?.height, 'hauteur du bandeau').toBeLessThanOrEqual(844 / 4);
    // Still the whole choice, on the screen.
    for (const name of ['Tout accepter', 'Nécessaires uniquement']) {
      const button = banner.getByRole('button', { name });
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    await expect(banner.getByText('Personnaliser')).toBeInViewport({ ratio: 1 });
    await expect(banner.getByRole('link', { name: 'En savoir plus' })).toBeInViewport({ ratio: 1 });
  });
});

/** WCAG relative luminance and contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = ([r, g, bl]: number[]) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

interface FocusProbe {
  label: string;
  ring: number[] | null;
  backgrounds: number[][];
}

/**
 * Tabs through the page and, for each focused element, reads its focus ring (outline colour, or none) and the colours
 * behind the ring: the first ancestor with a background (every stop of a gradient).
 */
async function probeFocus(page: Page, stops: number): Promise<FocusProbe[]> {
  const probes: FocusProbe[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    probes.push(
      await page.evaluate(() => {
        const rgb = (text: string) =>
          [...text.matchAll(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/g)]
            .filter((m) => m[4] === undefined || Number(m[4]) > 0.5)
            .map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        const ring = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
        let backgrounds: number[][] = [];
        for (let node = element.parentElement; node && backgrounds.length === 0; node = node.parentElement) {
          const bg = getComputedStyle(node);
          backgrounds = [...rgb(bg.backgroundImage), ...rgb(bg.backgroundColor)];
        }
        if (backgrounds.length === 0) backgrounds = [[255, 255, 255]];
        const label = `${element.tagName.toLowerCase()} « ${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('name') || '').trim().slice(0, 40)} »`;
        return { label, ring: ring ? (rgb(style.outlineColor)[0] ?? null) : null, backgrounds };
      }),
    );
  }
  return probes;
}

test.describe('anneau de focus au clavier @js-only', () => {
  for (const [name, path, stops] of [
    ['accueil (bandeau sombre)', '/', 20],
    ['fiche d’un événement', 'event', 16],
    ['pied de page (fond sombre)', '/about', 6],
  ] as const) {
    test(`${name} : un anneau contrasté (3:1 au moins) sur chaque fond`, async ({ page, createEvent }) => {
      await page.goto(path === 'event' ? `/evenement/${(await createEvent()).id}` : path);
      if (name.startsWith('pied')) {
        // Keyboard first (so that focus shows as from the keyboard), then into the footer.
        await page.keyboard.press('Tab');
        await page.getByRole('contentinfo').getByRole('link').first().focus();
      }
      const probes = await probeFocus(page, stops);
      const weak = probes
        .map((p) => ({
          label: p.label,
          ratio: p.ring ? Math.min(...p.backgrounds.map((bg) => contrast(p.ring as number[], bg))) : 0,
        }))
        .filter((p) => p.ratio < 3)
        .map((p) => `${p.label} : ${p.ratio.toFixed(2)}`);
      expect(weak).toEqual([]);
      // The hero's search field was among them, on the dark gradient.
      if (path === '/') expect(probes.some((p) => p.label.startsWith('input'))).toBe(true);
      if (name.startsWith('pied')) expect(probes.every((p) => p.backgrounds[0].join() === '29,37,48')).toBe(true);
    });
  }
});
