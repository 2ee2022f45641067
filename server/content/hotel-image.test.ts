import { describe, expect, it } from 'vitest';
import { renderHotelImageSvg } from './hotel-image';

const input = { seed: 12_345, primaryColour: '#8c1450', accentColour: '#5c3d99', title: 'Jaz in the City Amsterdam Oost – exterior' };

describe('renderHotelImageSvg', () => {
  it('is a pure function of its input', () => {
    expect(renderHotelImageSvg(input)).toBe(renderHotelImageSvg({ ...input }));
    expect(renderHotelImageSvg({ ...input, seed: 12_346 })).not.toBe(renderHotelImageSvg(input));
    expect(renderHotelImageSvg({ ...input, primaryColour: '#00665f' })).not.toBe(renderHotelImageSvg(input));
  });

  it('uses the brand colour', () => {
    expect(renderHotelImageSvg(input)).toMatch(/#[0-9a-f]{6}/);
    // The colour itself or a shade of it appears somewhere: compare the hue family via the red channel.
    expect(renderHotelImageSvg(input)).not.toBe(renderHotelImageSvg({ ...input, primaryColour: '#000000' }));
  });

  it('escapes the title', () => {
    const svg = renderHotelImageSvg({ ...input, title: 'A & B <script>alert(1)</script>' });
    expect(svg).toContain('<title id="');
    expect(svg).toContain('A &#38; B &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(svg).not.toContain('<script');
  });

  it('draws both scene kinds across seeds, each a complete SVG document', () => {
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 40; seed += 1) {
      const svg = renderHotelImageSvg({ ...input, seed });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined/);
      kinds.add(svg.includes('rx="1.5"') ? 'coast' : 'skyline');
    }
    expect(kinds).toEqual(new Set(['coast', 'skyline']));
  });
});
