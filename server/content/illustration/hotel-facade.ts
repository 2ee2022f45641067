import { createRandom, hashString, type Random } from '../../lib/random';
import { BLACK, circle, hex, mix, parseHex, path, rect, type Rgb, spreadIndex, svgDocument, WHITE } from './svg';

/**
 * Draws a hotel's front: its building in one of five facade styles, in the brand's colours, before a
 * city skyline under one of four skies. Everything follows from the hotel code, so a hotel always looks
 * the same and two hotels of one brand still differ in style, height, width, sky and street.
 */

export const FACADE_STYLES = ['glass', 'classic', 'brick', 'tower', 'pavilion'] as const;
export type FacadeStyle = (typeof FACADE_STYLES)[number];

export interface HotelFacadeInput {
  hotelCode: string;
  primaryColour: string;
  accentColour: string;
  /** Rendered as the SVG's <title>. */
  title: string;
}

const WIDTH = 1200;
const HEIGHT = 800;
const GROUND = 650;

const SKIES = [
  { name: 'day', top: '#8fc1ea', bottom: '#eaf4fb' },
  { name: 'dawn', top: '#f0b08f', bottom: '#fdf0e4' },
  { name: 'dusk', top: '#2f3766', bottom: '#e79a70' },
  { name: 'haze', top: '#c4cfd9', bottom: '#f6f3ee' },
] as const;

/** The facade style a hotel code gets: spread evenly over the styles by the code's hash. */
export function facadeStyleOf(hotelCode: string): FacadeStyle {
  return FACADE_STYLES[spreadIndex(hashString(`facade:${hotelCode}`), FACADE_STYLES.length)] ?? 'glass';
}

export function renderHotelFacadeSvg(input: HotelFacadeInput): string {
  const random = createRandom(hashString(input.hotelCode));
  const style = facadeStyleOf(input.hotelCode);
  const sky = SKIES[spreadIndex(hashString(`sky:${input.hotelCode}`), SKIES.length)] ?? SKIES[0];
  const dusk = sky.name === 'dusk';
  const primary = parseHex(input.primaryColour);
  const accent = parseHex(input.accentColour);
  const id = `f${hashString(input.hotelCode).toString(36)}`;
  const skyBottom = parseHex(sky.bottom);

  const body: string[] = [rect(0, 0, WIDTH, HEIGHT, `url(#${id}-sky)`)];
  if (!dusk) body.push(circle(random.int(120, WIDTH - 120), random.int(90, 200), random.int(40, 70), hex(mix(accent, WHITE, 0.6)), 'opacity="0.8"'));
  body.push(skyline(random, mix(primary, skyBottom, 0.78)));
  body.push(skyline(random, mix(primary, skyBottom, 0.6), 0.6));
  body.push(street(random, primary));
  body.push(building(random, style, primary, accent, dusk, id));
  body.push(trees(random, accent));

  return svgDocument({
    id,
    width: WIDTH,
    height: HEIGHT,
    title: input.title,
    defs: [
      `<linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>`,
      `<linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(mix(parseHex(sky.top), WHITE, 0.35))}"/><stop offset="1" stop-color="${hex(mix(primary, parseHex(sky.top), 0.45))}"/></linearGradient>`,
    ],
    body,
  });
}

/** Far buildings as flat blocks along the ground; `scale` makes a nearer, lower row. */
function skyline(random: Random, colour: Rgb, scale = 1): string {
  const shapes: string[] = [];
  let x = -random.int(0, 40);
  while (x < WIDTH) {
    const width = random.int(50, 120);
    const height = random.int(80, 300) * scale;
    shapes.push(rect(x, GROUND - height, width, height, hex(colour)));
    if (random.chance(0.25)) shapes.push(rect(x + width / 2 - 2, GROUND - height - 40 * scale, 4, 40 * scale, hex(colour)));
    x += width + random.int(0, 20);
  }
  return shapes.join('');
}

function street(random: Random, primary: Rgb): string {
  const pavement = hex(mix([200, 198, 192], primary, 0.08));
  const road = hex(mix([70, 72, 78], primary, 0.15));
  const parts = [rect(0, GROUND, WIDTH, 70, pavement), rect(0, GROUND + 70, WIDTH, HEIGHT - GROUND - 70, road)];
  for (let x = random.int(0, 60); x < WIDTH; x += 160) parts.push(rect(x, GROUND + 110, 80, 8, '#e8e4da', 'opacity="0.8"'));
  return parts.join('');
}

interface Box {
  x: number;
  top: number;
  width: number;
  height: number;
}

function building(random: Random, style: FacadeStyle, primary: Rgb, accent: Rgb, dusk: boolean, id: string): string {
  const lit = hex(mix(accent, [255, 214, 140], 0.6));
  const litShare = dusk ? 0.45 : 0.08;
  switch (style) {
    case 'glass': {
      const width = random.int(520, 660);
      const floors = random.int(7, 9);
      const box = place(random, width, floors * 54 + 70);
      const frame = hex(mix(primary, BLACK, 0.25));
      const parts = [rect(box.x, box.top, box.width, box.height, frame)];
      for (let floor = 0; floor < floors; floor += 1) {
        const y = box.top + 14 + floor * 54;
        parts.push(rect(box.x + 12, y, box.width - 24, 42, `url(#${id}-glass)`));
        for (let x = box.x + 12 + 48; x < box.x + box.width - 24; x += 48) parts.push(rect(x, y, 3, 42, frame));
        if (random.chance(litShare)) parts.push(rect(box.x + 12 + random.int(0, 8) * 48, y + 2, 45, 38, lit, 'opacity="0.85"'));
      }
      parts.push(rect(box.x - 10, box.top - 16, box.width + 20, 16, hex(mix(primary, BLACK, 0.4))));
      parts.push(entrance(random, box, primary, accent));
      return parts.join('');
    }
    case 'classic': {
      const width = random.int(600, 760);
      const floors = random.int(4, 5);
      const box = place(random, width, floors * 78 + 90);
      const stone = mix(accent, WHITE, 0.78);
      const trim = hex(mix(stone, BLACK, 0.18));
      const window = hex(mix(primary, BLACK, 0.35));
      const parts = [rect(box.x, box.top, box.width, box.height, hex(stone))];
      const columns = Math.floor((box.width - 40) / 70);
      const gap = (box.width - columns * 34) / (columns + 1);
      for (let floor = 0; floor < floors; floor += 1) {
        const y = box.top + 40 + floor * 78;
        parts.push(rect(box.x, y + 60, box.width, 6, trim));
        for (let column = 0; column < columns; column += 1) {
          const x = box.x + gap + column * (34 + gap);
          const fill = random.chance(litShare) ? lit : window;
          parts.push(path(`M${x} ${y + 52}V${y + 14}A17 14 0 0 1 ${x + 34} ${y + 14}V${y + 52}Z`, fill));
        }
      }
      // Cornice and a pediment over the middle.
      parts.push(rect(box.x - 14, box.top - 10, box.width + 28, 22, trim));
      const middle = box.x + box.width / 2;
      parts.push(path(`M${middle - 120} ${box.top - 10}L${middle} ${box.top - 70}L${middle + 120} ${box.top - 10}Z`, trim));
      parts.push(entrance(random, box, primary, accent));
      return parts.join('');
    }
    case 'brick': {
      const width = random.int(540, 660);
      const floors = random.int(6, 7);
      const box = place(random, width, floors * 62 + 80);
      const brick = mix([168, 84, 58], accent, 0.3);
      const frame = hex(mix(brick, WHITE, 0.7));
      const glass = hex(mix(primary, BLACK, 0.3));
      const rail = hex(mix(primary, BLACK, 0.5));
      const parts = [rect(box.x, box.top, box.width, box.height, hex(brick))];
      for (let y = box.top + 8; y < box.top + box.height; y += 16) parts.push(rect(box.x, y, box.width, 2, hex(mix(brick, BLACK, 0.12))));
      const columns = Math.floor((box.width - 30) / 90);
      const gap = (box.width - columns * 52) / (columns + 1);
      for (let floor = 0; floor < floors; floor += 1) {
        const y = box.top + 16 + floor * 62;
        for (let column = 0; column < columns; column += 1) {
          const x = box.x + gap + column * (52 + gap);
          parts.push(rect(x - 4, y - 4, 60, 50, frame));
          parts.push(rect(x, y, 52, 42, random.chance(litShare) ? lit : glass));
          if (floor % 2 === 1) parts.push(rect(x - 10, y + 38, 72, 4, rail), rect(x - 10, y + 26, 72, 2, rail));
        }
      }
      parts.push(rect(box.x - 6, box.top - 12, box.width + 12, 12, hex(mix(brick, BLACK, 0.3))));
      parts.push(entrance(random, box, primary, accent));
      return parts.join('');
    }
    case 'tower': {
      const width = random.int(300, 380);
      const floors = random.int(11, 12);
      const box = place(random, width, floors * 40 + 80);
      const body = mix(primary, WHITE, 0.22);
      const strip = hex(mix(primary, BLACK, 0.35));
      const parts = [rect(box.x, box.top, box.width, box.height, hex(body))];
      // Two lower wings either side.
      const wing = hex(mix(body, WHITE, 0.3));
      parts.push(rect(box.x - 120, GROUND - 210, 120, 210, wing), rect(box.x + box.width, GROUND - 170, 110, 170, wing));
      for (let x = box.x + 22; x < box.x + box.width - 22; x += 36) parts.push(rect(x, box.top + 30, 14, box.height - 120, strip));
      for (let floor = 0; floor < floors; floor += 1) {
        if (random.chance(litShare)) parts.push(rect(box.x + 22 + random.int(0, 7) * 36, box.top + 30 + floor * 40, 14, 30, lit));
      }
      parts.push(rect(box.x + box.width / 2 - 40, box.top - 50, 80, 50, hex(accent)), rect(box.x + box.width / 2 - 3, box.top - 120, 6, 70, hex(accent)));
      parts.push(entrance(random, box, primary, accent));
      return parts.join('');
    }
    default: {
      // Pavilion: low and wide, rounded, ribbon windows and a roof garden.
      const width = random.int(780, 900);
      const floors = random.int(3, 4);
      const box = place(random, width, floors * 72 + 60);
      const body = mix(accent, WHITE, 0.86);
      const ribbon = hex(mix(primary, BLACK, 0.2));
      const parts = [rect(box.x, box.top, box.width, box.height, hex(body), 'rx="40"')];
      for (let floor = 0; floor < floors; floor += 1) {
        const y = box.top + 26 + floor * 72;
        parts.push(rect(box.x + 30, y, box.width - 60, 36, ribbon, 'rx="18"'));
        if (random.chance(litShare * 2)) parts.push(rect(box.x + 60 + random.int(0, 8) * 80, y + 4, 70, 28, lit, 'rx="14"'));
      }
      for (let x = box.x + 60; x < box.x + box.width - 40; x += random.int(60, 110)) {
        parts.push(circle(x, box.top - 10, random.int(16, 26), hex(mix([70, 130, 80], accent, 0.15))));
      }
      parts.push(entrance(random, box, primary, accent));
      return parts.join('');
    }
  }
}

/** A building of this size standing on the street, somewhere around the middle. */
function place(random: Random, width: number, height: number): Box {
  const x = Math.round((WIDTH - width) / 2 + random.int(-80, 80));
  return { x, top: GROUND - height, width, height };
}

/** The lobby: glass doors under a canopy in the accent colour, and the brand's sign band above. */
function entrance(random: Random, box: Box, primary: Rgb, accent: Rgb): string {
  const centre = box.x + box.width / 2 + random.int(-1, 1) * Math.min(120, box.width / 4);
  const doorWidth = 110;
  const parts = [
    rect(centre - doorWidth / 2 - 40, GROUND - 70, doorWidth + 80, 70, hex(mix(primary, BLACK, 0.45))),
    rect(centre - doorWidth / 2, GROUND - 62, doorWidth, 62, hex(mix(primary, WHITE, 0.55))),
    rect(centre - 2, GROUND - 62, 4, 62, hex(mix(primary, BLACK, 0.45))),
    rect(centre - doorWidth / 2 - 60, GROUND - 86, doorWidth + 120, 16, hex(accent), 'rx="4"'),
    rect(centre - 70, GROUND - 118, 140, 26, hex(primary), 'rx="3"'),
    circle(centre - 50, GROUND - 105, 7, hex(accent)),
    rect(centre - 36, GROUND - 108, 90, 6, hex(mix(primary, WHITE, 0.8)), 'rx="3"'),
  ];
  return parts.join('');
}

function trees(random: Random, accent: Rgb): string {
  const parts: string[] = [];
  const green = mix([64, 120, 70], accent, 0.1);
  for (const x of [random.int(40, 160), random.int(WIDTH - 160, WIDTH - 40)]) {
    const size = random.int(34, 52);
    parts.push(rect(x - 4, GROUND - 10 - size, 8, size + 10, '#5b4636'));
    parts.push(circle(x, GROUND - 20 - size * 1.4, size, hex(green)));
    parts.push(circle(x - size * 0.45, GROUND - 10 - size * 1.1, size * 0.7, hex(mix(green, BLACK, 0.15))));
  }
  return parts.join('');
}
