/** Colours and small SVG helpers shared by the hotel and room illustrations. */

export type Rgb = readonly [number, number, number];
export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

export function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return [90, 90, 90];
  return [Number.parseInt(match[1] ?? '0', 16), Number.parseInt(match[2] ?? '0', 16), Number.parseInt(match[3] ?? '0', 16)];
}

/** `a` moved towards `b` by `amount` (0 = a, 1 = b). */
export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * amount);
  return [channel(0), channel(1), channel(2)];
}

export function hex(colour: Rgb): string {
  return `#${colour.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A rectangle; `extra` adds attributes such as `rx="4"` or `opacity="0.5"`. */
export function rect(x: number, y: number, width: number, height: number, fill: string, extra = ''): string {
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

/**
 * An index in [0, count) for a key, well spread even for keys that differ in one letter (the string hash's
 * low bits alone are not): the hash passes through a 32-bit finaliser first.
 */
export function spreadIndex(hash: number, count: number): number {
  let h = hash >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % count;
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The document around the drawing: a fixed 3:2 viewBox, no scripts, no external references and no CSS
 * (presentation attributes only), so it renders under the BFF's `default-src 'none'` policy.
 */
export function svgDocument(options: { id: string; width: number; height: number; title: string; defs: string[]; body: string[] }): string {
  const { id, width, height, title, defs, body } = options;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${id}-title">`,
    `<title id="${id}-title">${escapeXml(title)}</title>`,
    defs.length > 0 ? `<defs>${defs.join('')}</defs>` : '',
    ...body,
    '</svg>',
  ].join('');
}
