import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appIconSprite, iconSprite, iconsNamedIn } from '../../scripts/icon-sprite';

const root = path.resolve(import.meta.dirname, '../..');

/** Where a mask's position puts the sprite, in its own units: the left edge of the cell shown. */
function cellShown(css: Record<string, string>, spriteWidth: number, box: number): number {
  const [size] = css['mask-size']!.split(' ');
  const [position] = css['mask-position']!.split(' ');
  const imageWidth = (Number.parseFloat(size!) / 100) * box;
  expect(imageWidth).toBeCloseTo(spriteWidth, 6);
  // A percentage position p puts the image at (box - image) * p.
  return -((box - imageWidth) * Number.parseFloat(position!)) / 100;
}

describe('the icon sprite', () => {
  it('holds every Lucide icon the app names, and nothing else', () => {
    const names = iconsNamedIn(root);
    expect(names).toEqual(expect.arrayContaining(['globe', 'menu', 'chevron-down', 'flame', 'cloud-off']));
    expect(names.length).toBeGreaterThan(50);
    expect(names).toEqual([...names].sort());
    const sprite = appIconSprite();
    for (const name of names) expect(sprite.css(name)?.['mask-image'], name).toBe(`url(${sprite.url})`);
    expect(sprite.url).toMatch(/^\/assets\/icons-[\w-]{10}\.svg$/);
  });

  it('shows each icon’s own cell, with a gap on both sides', () => {
    const names = ['globe', 'menu', 'flame', 'shield'];
    const sprite = iconSprite(names);
    const width = Number(/viewBox="0 0 (\d+) 24"/.exec(sprite.svg)![1]);
    expect(width).toBe(4 * 24 + 3 * 8);
    names.forEach((name, index) => {
      const css = sprite.css(name)!;
      expect(cellShown(css, width, 24)).toBeCloseTo(index * 32, 3);
      expect(css['-webkit-mask-position']).toBe(css['mask-position']);
      expect(css.width).toBe('1.15em');
      expect(css['background-color']).toBe('currentColor');
    });
    expect(sprite.svg.match(/<g transform=/g)).toHaveLength(4);
    // The same icons give the same sprite and address; others another.
    expect(iconSprite([...names]).url).toBe(sprite.url);
    expect(iconSprite(['globe', 'menu']).url).not.toBe(sprite.url);
  });

  it('draws an icon named since the start from a picture of its own, and ignores unknown names', () => {
    const sprite = iconSprite(['globe']);
    expect(sprite.css('menu')?.['mask-image']).toMatch(/^url\("data:image\/svg\+xml;utf8,%3Csvg/);
    expect(sprite.css('globe')?.['mask-position']).toBe('0% 0');
    expect(sprite.css('no-such-icon')).toBeUndefined();
  });
});
