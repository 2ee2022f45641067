import { createRandom, type Random } from '../lib/random';

/**
 * Draws a hotel's picture as an SVG: an abstract city skyline or coast under a sky, in the brand's colours.
 * The output depends only on the input (seed, colours, title), so an image URL always shows the same
 * picture and can be cached for long. No scripts, no external references, no CSS: presentation
 * attributes only, so it renders under the BFF's `default-src 'none'` policy.
 */

export interface HotelImageInput {
  seed: number;
  primaryColour: string;
  accentColour: string;
  /** Alternative text, rendered as the SVG's <title>. */
  title: string;
}

const WIDTH = 1200;
const HEIGHT = 800;

const SKIES = [
  { name: 'day', top: '#9cc7ea', bottom: '#eef5fb' },
  { name: 'dawn', top: '#f2b79a', bottom: '#fdf0e4' },
  { name: 'dusk', top: '#39406e', bottom: '#eca77a' },
  { name: 'haze', top: '#c9d3dc', bottom: '#f6f3ee' },
] as const;

export function renderHotelImageSvg(input: HotelImageInput): string {
  const random = createRandom(input.seed);
  const sky = random.pick(SKIES);
  const primary = parseHex(input.primaryColour);
  const accent = parseHex(input.accentColour);
  const id = `h${input.seed.toString(36)}`;
  const shoreline = random.int(560, 640);

  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id}-sky)"/>`,
    sun(random, mix(accent, WHITE, sky.name === 'dusk' ? 0.15 : 0.45)),
    hills(random, shoreline - 170, 70, mix(primary, parseHex(sky.bottom), 0.72)),
    hills(random, shoreline - 90, 50, mix(primary, parseHex(sky.bottom), 0.5)),
    random.chance(0.6)
      ? skyline(random, shoreline, primary, accent, id)
      : coast(random, shoreline, primary, accent, parseHex(sky.top), id),
  ];

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${id}-title">`,
    `<title id="${id}-title">${escapeXml(input.title)}</title>`,
    '<defs>',
    `<linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>`,
    `<pattern id="${id}-windows" width="26" height="34" patternUnits="userSpaceOnUse"><rect x="8" y="9" width="10" height="15" fill="${toHex(mix(primary, WHITE, 0.55))}" opacity="0.45"/></pattern>`,
    '</defs>',
    ...parts,
    '</svg>',
  ].join('');
}

function sun(random: Random, colour: Rgb): string {
  const r = random.int(45, 90);
  return `<circle cx="${random.int(140, WIDTH - 140)}" cy="${random.int(120, 280)}" r="${r}" fill="${toHex(colour)}" opacity="0.9"/>`;
}

/** A band of soft hills: a smooth curve through random heights around `baseY`, closed to the bottom. */
function hills(random: Random, baseY: number, amplitude: number, colour: Rgb): string {
  const step = WIDTH / 6;
  const points = Array.from({ length: 7 }, (_, i) => ({ x: i * step, y: baseY + random.int(-amplitude, amplitude) }));
  let d = `M0 ${HEIGHT} L0 ${points[0]?.y ?? baseY}`;
  for (let i = 1; i < points.length; i += 1) {
    const previous = points[i - 1];
    const point = points[i];
    if (!previous || !point) continue;
    const midX = (previous.x + point.x) / 2;
    d += ` C${round(midX)} ${previous.y} ${round(midX)} ${point.y} ${round(point.x)} ${point.y}`;
  }
  d += ` L${WIDTH} ${HEIGHT} Z`;
  return `<path d="${d}" fill="${toHex(colour)}"/>`;
}

/** Buildings of varied height and roof along the ground line, with window grids and a few lit windows. */
function skyline(random: Random, groundY: number, primary: Rgb, accent: Rgb, id: string): string {
  const shapes: string[] = [];
  const lit = toHex(mix(accent, WHITE, 0.5));
  let x = -random.int(0, 40);
  while (x < WIDTH) {
    const width = random.int(60, 140);
    const height = random.int(110, 340);
    const top = groundY - height;
    const fill = toHex(mix(primary, random.chance(0.5) ? BLACK : WHITE, random.next() * 0.3));
    shapes.push(`<rect x="${x}" y="${top}" width="${width}" height="${height}" fill="${fill}"/>`);
    shapes.push(roof(random, x, top, width, fill));
    shapes.push(`<rect x="${x + 6}" y="${top + 8}" width="${width - 12}" height="${height - 16}" fill="url(#${id}-windows)"/>`);
    for (let i = random.int(2, 6); i > 0; i -= 1) {
      const column = random.int(0, Math.max(0, Math.floor((width - 12) / 26) - 1));
      const row = random.int(0, Math.max(0, Math.floor((height - 16) / 34) - 1));
      shapes.push(`<rect x="${x + 6 + column * 26 + 8}" y="${top + 8 + row * 34 + 9}" width="10" height="15" fill="${lit}"/>`);
    }
    // Now and then an open lot, so the hills behind show through.
    x += width + (random.chance(0.2) ? random.int(40, 120) : random.int(0, 14));
  }
  shapes.push(`<rect x="0" y="${groundY}" width="${WIDTH}" height="${HEIGHT - groundY}" fill="${toHex(mix(primary, BLACK, 0.35))}"/>`);
  return shapes.join('');
}

function roof(random: Random, x: number, top: number, width: number, fill: string): string {
  switch (random.int(0, 3)) {
    case 0:
      return `<path d="M${x} ${top} L${x + width / 2} ${top - random.int(20, 50)} L${x + width} ${top} Z" fill="${fill}"/>`;
    case 1:
      return `<path d="M${x + 8} ${top} A${width / 2 - 8} ${random.int(18, 40)} 0 0 1 ${x + width - 8} ${top} Z" fill="${fill}"/>`;
    case 2:
      return `<rect x="${x + width / 2 - 2}" y="${top - random.int(30, 70)}" width="4" height="70" fill="${fill}"/>`;
    default:
      return '';
  }
}

/** A waterfront: one hotel block on the shore, water with light stripes mirroring the sky. */
function coast(random: Random, shoreY: number, primary: Rgb, accent: Rgb, skyTop: Rgb, id: string): string {
  const shapes: string[] = [];
  const width = random.int(220, 360);
  const height = random.int(220, 320);
  const x = random.int(120, WIDTH - width - 120);
  const top = shoreY - height;
  const fill = toHex(mix(primary, WHITE, 0.1));
  shapes.push(`<rect x="0" y="${shoreY - 18}" width="${WIDTH}" height="18" fill="${toHex(mix(accent, WHITE, 0.55))}"/>`);
  shapes.push(`<rect x="${x}" y="${top}" width="${width}" height="${height}" rx="6" fill="${fill}"/>`);
  shapes.push(`<rect x="${x + 10}" y="${top + 12}" width="${width - 20}" height="${height - 24}" fill="url(#${id}-windows)"/>`);
  const water = mix(primary, skyTop, 0.55);
  shapes.push(`<rect x="0" y="${shoreY}" width="${WIDTH}" height="${HEIGHT - shoreY}" fill="${toHex(water)}"/>`);
  const stripe = toHex(mix(water, WHITE, 0.35));
  for (let i = random.int(6, 10); i > 0; i -= 1) {
    const y = random.int(shoreY + 12, HEIGHT - 10);
    const length = random.int(60, 240);
    shapes.push(`<rect x="${random.int(0, WIDTH - length)}" y="${y}" width="${length}" height="3" rx="1.5" fill="${stripe}" opacity="0.7"/>`);
  }
  return shapes.join('');
}

type Rgb = readonly [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return [90, 90, 90];
  return [Number.parseInt(match[1] ?? '0', 16), Number.parseInt(match[2] ?? '0', 16), Number.parseInt(match[3] ?? '0', 16)];
}

/** `a` moved towards `b` by `amount` (0 = a, 1 = b). */
function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * amount);
  return [channel(0), channel(1), channel(2)];
}

function toHex(colour: Rgb): string {
  return `#${colour.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
